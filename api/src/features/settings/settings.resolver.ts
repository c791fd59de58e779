import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { requireAdmin, requireUser } from '../../platform/principal/viewer.js';
import { RequiresScope } from '../../platform/principal/scopes.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import type { PaymentInstructions, SiteTextSettings } from './site-text-settings.js';
import { PaymentInstructionsInput, PaymentInstructionsType } from './settings.types.js';

/** What the site-text resolver is built with (app/graphql-schema.ts). */
export interface SiteTextResolverDeps {
  siteText: Pick<SiteTextSettings, 'paymentInstructions' | 'setPaymentInstructions' | 'contactEmail' | 'setContactEmail'>;
}

/** Payment instructions (buyers read, administrators write) and the operator's contact address (public). */
@Resolver()
export class SiteTextResolver {
  constructor(private readonly services: SiteTextResolverDeps) {}

  @Query(() => PaymentInstructionsType, { description: 'How to pay for a purchase request, per method (signed-in users).' })
  paymentInstructions(@Ctx() ctx: GraphQLContext): Promise<PaymentInstructions> {
    requireUser(ctx);
    return this.services.siteText.paymentInstructions();
  }

  @RequiresScope('admin')
  @Mutation(() => PaymentInstructionsType, { description: 'Sets the payment instructions of every method (administrators).' })
  setPaymentInstructions(
    @Ctx() ctx: GraphQLContext,
    @Arg('input', () => PaymentInstructionsInput, { description: 'The instructions per payment method.' }) input: PaymentInstructionsInput,
  ): Promise<PaymentInstructions> {
    return this.services.siteText.setPaymentInstructions({ ...input }, requireAdmin(ctx).id);
  }

  @Query(() => String, {
    nullable: true,
    description: "The operator's contact e-mail address, shown in the footer and on the sign-in page. No sign-in needed.",
  })
  contactEmail(): Promise<string | null> {
    return this.services.siteText.contactEmail();
  }

  @RequiresScope('admin')
  @Mutation(() => String, { nullable: true, description: "Sets the operator's contact e-mail address; empty removes it (administrators)." })
  setContactEmail(
    @Ctx() ctx: GraphQLContext,
    @Arg('email', () => String, { description: 'The operator contact address shown to users.' }) email: string,
  ): Promise<string | null> {
    return this.services.siteText.setContactEmail(email, requireAdmin(ctx).id);
  }
}
