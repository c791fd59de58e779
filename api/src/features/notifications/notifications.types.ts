import { Field, ID, ObjectType } from 'type-graphql';

@ObjectType('NotificationKindSetting', { description: 'One kind of notification e-mail and whether the user receives it.' })
export class NotificationKindSettingType {
  @Field({ description: 'The kind (processing-finished, processing-failed, delivery-finished, delivery-failed, credits-low, purchase-status).' })
  kind!: string;
  @Field({ description: 'What it is, in words the settings screen shows.' }) label!: string;
  @Field({ description: 'True: these e-mails are sent; false: turned off (in settings or by the unsubscribe link).' }) enabled!: boolean;
}

@ObjectType('NotificationSettings', { description: "The signed-in user's notification e-mails." })
export class NotificationSettingsType {
  @Field(() => [NotificationKindSettingType], { description: 'Every kind, on or off.' }) kinds!: NotificationKindSettingType[];
  @Field({ description: 'A "credits running low" e-mail is sent when a run takes the balance below this (credits, two decimals).' }) lowCreditsBelow!: string;
}

@ObjectType('InAppNotification', { description: 'One notification the signed-in user was sent (the same as its e-mail), newest first.' })
export class InAppNotificationType {
  @Field(() => ID, { description: 'The message id.' }) id!: string;
  @Field({ description: 'The kind (see NotificationKindSetting.kind; purchase-approved or purchase-rejected for purchase status).' }) kind!: string;
  @Field({ description: 'What happened, as the e-mail subject says it.' }) subject!: string;
  @Field(() => Date, { description: 'When it was sent.' }) createdAt!: Date;
}
