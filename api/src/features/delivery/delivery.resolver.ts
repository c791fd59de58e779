import { Arg, Ctx, ID, Mutation, Query, Resolver, Root, Subscription } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { subscribeToDelivery } from './delivery-subscription.js';
import {
  DeliverProjectInput,
  DeliveryAgencyHostType,
  DeliveryConnectionInput,
  DeliveryConnectionResumeType,
  DeliveryConnectionTestType,
  DeliveryConnectionType,
  DeliveryType,
  ResendDeliveryInput,
} from './delivery.types.js';
import type { DeliveryService, DeliveryView } from './delivery.service.js';

/** What the delivery resolver is built with (app/graphql-schema.ts). */
export interface DeliveryResolverDeps {
  delivery: DeliveryService;
}

@Resolver()
export class DeliveryResolver {
  constructor(private readonly services: DeliveryResolverDeps) {}

  @Query(() => [DeliveryAgencyHostType], { description: 'The agencies Shotlog delivers to, with their upload hosts and CSV upload pages.' })
  deliveryAgencies(@Ctx() ctx: GraphQLContext) {
    requireUser(ctx);
    return this.services.delivery.agencies().map((a) => ({ ...a, takesStills: a.takes.stills }));
  }

  @Query(() => [DeliveryConnectionType], { description: 'Your agency connections (secrets are never returned).' })
  deliveryConnections(@Ctx() ctx: GraphQLContext) {
    return this.services.delivery.listConnections(requireUser(ctx));
  }

  @Query(() => [DeliveryType], { description: "A project's deliveries, newest first, with the status of every file." })
  projectDeliveries(@Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.history(requireUser(ctx), projectId);
  }

  @Query(() => DeliveryType, { description: 'One delivery and the status of every file.' })
  delivery(@Arg('id', () => ID, { description: 'Delivery id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.delivery(requireUser(ctx), id);
  }

  @Mutation(() => DeliveryConnectionType, { description: 'Adds an agency connection; the password or key is encrypted and never shown again.' })
  createDeliveryConnection(
    @Arg('input', () => DeliveryConnectionInput, { description: 'The connection.' }) input: DeliveryConnectionInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.delivery.createConnection(requireUser(ctx), { ...input });
  }

  @Mutation(() => DeliveryConnectionType, {
    description:
      'Changes one of your connections; omitted fields stay. A change of agency, protocol, host, port or user name without the password drops the stored one (passwordSet false, secretMissingReason says why).',
  })
  updateDeliveryConnection(
    @Arg('id', () => ID, { description: 'Connection id.' }) id: string,
    @Arg('input', () => DeliveryConnectionInput, { description: 'What changes.' }) input: DeliveryConnectionInput,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.delivery.updateConnection(requireUser(ctx), id, { ...input });
  }

  @Mutation(() => DeliveryConnectionType, { description: 'Deletes one of your connections (and its delivery history).' })
  deleteDeliveryConnection(@Arg('id', () => ID, { description: 'Connection id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.deleteConnection(requireUser(ctx), id);
  }

  @Mutation(() => DeliveryConnectionTestType, {
    description: 'Logs in and lists the remote folder; says why when it cannot (DNS, refused, TLS, login, permission).',
  })
  testDeliveryConnection(@Arg('id', () => ID, { description: 'Connection id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.testConnection(requireUser(ctx), id);
  }

  @Mutation(() => DeliveryConnectionResumeType, {
    description:
      'Resumes a connection paused by a refused login once it was fixed (changed, a new password, or a test that logged in): its paused files are queued again. CONFLICT while not fixed.',
  })
  resumeDeliveryConnection(@Arg('id', () => ID, { description: 'Connection id.' }) id: string, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.resumeConnection(requireUser(ctx), id);
  }

  @Mutation(() => DeliveryType, {
    description:
      'Delivers a project (or some file sets) to your connections: one job per file per connection. The agency check runs first: refused rows are held back unless override. CONFLICT while the project is processing, for a paused connection or one without a password, and for one whose last test failed unless confirmFailedTest.',
  })
  deliverProject(@Arg('input', () => DeliverProjectInput, { description: 'What to deliver where.' }) input: DeliverProjectInput, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.deliver(requireUser(ctx), input.projectId, { ...input });
  }

  @Mutation(() => DeliveryType, {
    description:
      'Sends files of one of your deliveries again (send again; all of them without itemIds) to the same connections, even where the same content is already there. The same checks as deliverProject apply.',
  })
  resendDelivery(@Arg('input', () => ResendDeliveryInput, { description: 'What to send again.' }) input: ResendDeliveryInput, @Ctx() ctx: GraphQLContext) {
    return this.services.delivery.resend(requireUser(ctx), input.deliveryId, { ...input });
  }

  @Subscription(() => DeliveryType, {
    name: 'deliveryProgress',
    description: 'The delivery now, then on every change of any file (from any worker); completes once no file is queued or sending.',
    subscribe: subscribeToDelivery as never,
  })
  deliveryProgress(@Root() d: DeliveryView, @Arg('deliveryId', () => ID, { description: 'One of your deliveries.' }) _deliveryId: string): DeliveryView {
    return d;
  }
}
