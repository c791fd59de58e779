import { Field, InputType, ObjectType } from 'type-graphql';

@ObjectType('PlaceFields', { description: 'The editable place of a result.' })
export class PlaceFieldsType {
  @Field(() => String, { nullable: true, description: 'City or town.' })
  city!: string | null;
  @Field(() => String, { nullable: true, description: 'State, province or named part of the country ("Utah", "Scotland").' })
  region!: string | null;
  @Field(() => String, { nullable: true, description: 'Country in English.' })
  country!: string | null;
  @Field(() => String, { nullable: true, description: 'The place as one line, most specific first ("Monument Valley, Utah, United States").' })
  placeLine!: string | null;
  @Field(() => [String], { description: 'Named features near the point ("Atlantic Ocean"), most specific first.' })
  features!: string[];
}

@InputType('PlaceFieldsInput', { description: 'A new place for a result; a field left out keeps its stored value, null clears it.' })
export class PlaceFieldsInput {
  @Field(() => String, { nullable: true, description: 'City or town (at most 200 characters).' })
  city?: string | null;
  @Field(() => String, { nullable: true, description: 'State, province or region (at most 200 characters).' })
  region?: string | null;
  @Field(() => String, { nullable: true, description: 'Country (at most 200 characters).' })
  country?: string | null;
  @Field(() => String, { nullable: true, description: 'The place line (at most 300 characters).' })
  placeLine?: string | null;
  @Field(() => [String], { nullable: true, description: 'Named features, most specific first (at most 10, 200 characters each).' })
  features?: string[] | null;
}

@ObjectType('PlaceRewriteText', { description: 'Title, description and keywords of a result.' })
export class PlaceRewriteTextType {
  @Field({ description: 'The title.' })
  title!: string;
  @Field({ description: 'The final description.' })
  finalDescription!: string;
  @Field(() => [String], { description: 'The keywords, in order.' })
  keywords!: string[];
}

@ObjectType('PlaceEditPreview', { description: 'What an edit of the place would change, before anything is saved.' })
export class PlaceEditPreviewType {
  @Field(() => PlaceFieldsType, { description: 'The stored place.' })
  from!: PlaceFieldsType;
  @Field(() => PlaceFieldsType, { description: 'The place after the edit (validated).' })
  to!: PlaceFieldsType;
  @Field(() => PlaceRewriteTextType, { description: 'The current title, description and keywords.' })
  before!: PlaceRewriteTextType;
  @Field(() => PlaceRewriteTextType, { description: 'The same rewritten from the old place to the new one.' })
  after!: PlaceRewriteTextType;
  @Field(() => [String], { description: 'Which of title, finalDescription and keywords the rewrite changes (empty: none named the old place).' })
  changed!: string[];
}
