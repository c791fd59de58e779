import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('DeliveryAgencyHost', {
  description: "An agency's contributor upload endpoint, from the cited table in api/src/features/delivery/agency-hosts.ts.",
})
export class DeliveryAgencyHostType {
  @Field({ description: 'adobe, shutterstock or pond5.' }) agency!: string;
  @Field({ description: 'The agency name, e.g. "Adobe Stock".' }) name!: string;
  @Field({ description: 'sftp, ftps (explicit TLS) or ftp.' }) protocol!: string;
  @Field({ description: 'The upload host.' }) host!: string;
  @Field(() => Int, { description: 'The upload port.' }) port!: number;
  @Field({ description: "The agency's page where the metadata CSV is uploaded." }) csvUploadPage!: string;
  @Field({ description: 'The export format of that CSV (adobe, shutterstock, pond5).' }) csvFormat!: string;
  @Field({ description: 'Whether the agency takes still images (JPGs) over this endpoint; videos always.' }) takesStills!: boolean;
  @Field({ description: 'Where the agency publishes this endpoint.' }) source!: string;
}

@ObjectType('DeliveryConnection', {
  description: 'Your login at an agency upload server. The password or key is never returned; `passwordSet` says one is stored.',
})
export class DeliveryConnectionType {
  @Field(() => ID, { description: 'Connection id.' }) id!: string;
  @Field({ description: 'A name for you.' }) name!: string;
  @Field({ description: 'adobe, shutterstock, pond5 or custom.' }) agency!: string;
  @Field({ description: 'sftp, ftps or ftp.' }) protocol!: string;
  @Field({ description: 'Upload host (the agency table, or DELIVERY_EXTRA_HOSTS).' }) host!: string;
  @Field(() => Int, { description: 'Port.' }) port!: number;
  @Field({ description: 'Login name.' }) username!: string;
  @Field({ description: 'password, or key (an SSH private key, SFTP only).' }) secretKind!: string;
  @Field({
    description:
      'Whether a secret is stored (encrypted; it is never returned). False after a change of agency, protocol, host, port or user name that did not give the password again.',
  })
  passwordSet!: boolean;
  @Field(() => String, { nullable: true, description: 'Why the password (or key) must be entered again; null while one is stored.' })
  secretMissingReason!: string | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'The last test: true, false (delivering then needs confirmFailedTest), null when not tested since the last change.',
  })
  lastTestOk!: boolean | null;
  @Field(() => String, { nullable: true, description: "The last test's message." }) lastTestMessage!: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'Set when a login was refused during a delivery: nothing is tried until the connection is fixed and resumed (resumeDeliveryConnection).',
  })
  pausedReason!: string | null;
  @Field({ description: 'The remote folder files go to.' }) remoteFolder!: string;
  @Field(() => String, { nullable: true, description: 'The SFTP host key fingerprint pinned on first use; null until then.' }) hostKey!: string | null;
  @Field({ description: 'Replace a file on the server that Shotlog did not send; otherwise that file is reported as a conflict and left alone.' })
  allowOverwrite!: boolean;
  @Field({ description: 'Create the remote folder when it does not exist (otherwise a clear failure).' }) createFolder!: boolean;
  @Field(() => Int, { description: 'Logged-in sessions kept for this connection, and so how many of its files move at once (1 to 8, default 2).' })
  maxSessions!: number;
  @Field(() => [String], { description: "What it receives: clips, stills (a clip's JPG), photos (a set that is a JPG alone), metadata (the .SRT sidecar)." })
  receives!: string[];
  @Field({ description: "True when `receives` is the agency's default (Adobe Stock, Shutterstock: clips and photos; Pond5: clips; Other server: everything)." })
  receivesDefault!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'For an "Other server": which agency\'s rules (adobe, shutterstock, pond5) check what is sent; null for none.',
  })
  checkRules!: string | null;
  @Field(() => String, { nullable: true, description: "The agency's CSV upload page; null for custom." }) csvUploadPage!: string | null;
  @Field({ description: 'When it was created.' }) createdAt!: Date;
  @Field({ description: 'When it was last changed.' }) updatedAt!: Date;
}

@InputType('DeliveryConnectionInput', {
  description:
    'A connection to create or change; on change, omitted fields keep their value, except the secret: a change of agency, protocol, host, port or user name without it drops the stored one.',
})
export class DeliveryConnectionInput {
  @Field(() => String, { nullable: true, description: 'adobe, shutterstock, pond5 or custom (required on create).' }) agency?: string;
  @Field(() => String, { nullable: true, description: 'A name for you; defaults to the agency name.' }) name?: string;
  @Field(() => String, { nullable: true, description: "sftp, ftps or ftp; defaults to the agency's." }) protocol?: string;
  @Field(() => String, { nullable: true, description: "Host; defaults to the agency's (others must be in DELIVERY_EXTRA_HOSTS)." }) host?: string;
  @Field(() => Int, { nullable: true, description: "Port; defaults to the agency's." }) port?: number;
  @Field(() => String, { nullable: true, description: 'Login name (required on create).' }) username?: string;
  @Field(() => String, { nullable: true, description: 'Password (write-only).' }) password?: string;
  @Field(() => String, { nullable: true, description: 'SSH private key, PEM or OpenSSH (write-only, SFTP only).' }) privateKey?: string;
  @Field(() => String, { nullable: true, description: 'Remote folder; defaults to /.' }) remoteFolder?: string;
  @Field(() => Boolean, { nullable: true, description: 'Forget the pinned SFTP host key (after the agency changed it).' }) clearHostKey?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Replace files on the server that Shotlog did not send (default false).' }) allowOverwrite?: boolean;
  @Field(() => Boolean, { nullable: true, description: 'Create the remote folder when missing (default true).' }) createFolder?: boolean;
  @Field(() => Int, { nullable: true, description: 'Sessions and files at once for this connection, 1 to 8 (default 2).' }) maxSessions?: number;
  @Field(() => [String], { nullable: true, description: "Some of clips, stills, photos, metadata; null for the agency's default." })
  receives?: string[] | null;
  @Field(() => String, { nullable: true, description: 'Other server only: adobe, shutterstock or pond5 rules check it; null for none.' }) checkRules?:
    string | null;
}

@ObjectType('DeliveryConnectionTest', { description: 'The answer of a connection test: logged in and listed the remote folder, or why not.' })
export class DeliveryConnectionTestType {
  @Field({ description: 'True when the login and the listing worked.' }) ok!: boolean;
  @Field(() => String, {
    nullable: true,
    description: 'The kind of failure: dns, refused, tls, login, permission, hostkey, timeout, host, secret (none stored), other.',
  })
  kind!: string | null;
  @Field({ description: 'What happened, for people.' }) message!: string;
  @Field(() => [String], { description: 'Names in the remote folder (first 100).' }) entries!: string[];
  @Field(() => DeliveryConnectionType, { description: 'The connection, with the host key pinned by this test if it was the first use.' })
  connection!: DeliveryConnectionType;
}

@ObjectType('DeliveryItem', { description: 'One file to one connection.' })
export class DeliveryItemType {
  @Field(() => ID, { description: 'Item id.' }) id!: string;
  @Field(() => ID, { description: 'The connection.' }) connectionId!: string;
  @Field(() => ID, { description: 'The file set.' }) fileSetId!: string;
  @Field(() => ID, { description: 'The media file.' }) mediaFileId!: string;
  @Field({ description: 'The name on the server.' }) filename!: string;
  @Field(() => Float, { description: 'Bytes to send.' }) sizeBytes!: number;
  @Field({
    description:
      'queued, sending, sent, failed, skipped (the same content is already there), held (refused by the agency check), paused (the login was refused) or conflict (a file Shotlog did not send is there; overwriting is not allowed).',
  })
  status!: string;
  @Field(() => Float, { description: 'Bytes on the server so far.' }) bytesSent!: number;
  @Field(() => Float, { description: 'Bytes per second while sending (the average once sent).' }) bytesPerSecond!: number;
  @Field(() => Int, { description: 'Attempts started.' }) attempts!: number;
  @Field(() => String, { nullable: true, description: 'Why it failed, was skipped or held; a resume note.' }) message!: string | null;
  @Field({ description: 'Last change.' }) updatedAt!: Date;
  @Field({ description: 'Where it went: protocol://host:port/folder (a change of folder or host sends files again, to the new place).' })
  remotePlace!: string;
  @Field(() => Float, { nullable: true, description: 'The size the server reported once the file was in place.' }) remoteSize!: number | null;
  @Field(() => String, { nullable: true, description: "The server's SHA-256 of the file, where it offers one (FTP HASH)." }) remoteChecksum!: string | null;
}

@ObjectType('DeliveryCounts', { description: 'Items per status.' })
export class DeliveryCountsType {
  @Field(() => Int, { description: 'Waiting.' }) queued!: number;
  @Field(() => Int, { description: 'Being sent.' }) sending!: number;
  @Field(() => Int, { description: 'On the server.' }) sent!: number;
  @Field(() => Int, { description: 'Failed (see the message).' }) failed!: number;
  @Field(() => Int, { description: 'Already there.' }) skipped!: number;
  @Field(() => Int, { description: 'Held back: the agency would refuse them.' }) held!: number;
  @Field(() => Int, { description: 'Paused: the login was refused; fix the connection and resume.' }) paused!: number;
  @Field(() => Int, { description: 'Not sent: a file Shotlog did not send is on the server under that name and the connection does not allow overwriting.' })
  conflict!: number;
}

@ObjectType('DeliveryConnectionSummary', { description: "One connection's part of a delivery, and the agency's CSV." })
export class DeliveryConnectionSummaryType {
  @Field(() => ID, { description: 'The connection.' }) connectionId!: string;
  @Field({ description: 'Its name.' }) name!: string;
  @Field({ description: 'Its agency.' }) agency!: string;
  @Field(() => DeliveryCountsType, { description: 'Items per status.' }) counts!: DeliveryCountsType;
  @Field(() => String, { nullable: true, description: "REST path of the agency's CSV for this project (bearer token or exportDownload link)." })
  csvDownloadPath!: string | null;
  @Field(() => String, { nullable: true, description: "The agency's CSV upload page." }) csvUploadPage!: string | null;
}

@ObjectType('Delivery', { description: 'A delivery of a project to one or more connections, with the status of every file.' })
export class DeliveryType {
  @Field(() => ID, { description: 'Delivery id.' }) id!: string;
  @Field(() => ID, { description: 'The project.' }) projectId!: string;
  @Field({ description: 'True when rows refused by the agency check were sent anyway.' }) override!: boolean;
  @Field(() => ID, { nullable: true, description: 'The delivery this one sends again (send again).' }) resendOf!: string | null;
  @Field({ description: 'When it was asked for.' }) createdAt!: Date;
  @Field(() => String, {
    nullable: true,
    description: "Who started it: the owner's user name, or the administrator's who acted for them; null once that account was deleted.",
  })
  startedBy!: string | null;
  @Field({ description: "True when the project's owner started it; false when an administrator acted for them." }) startedByOwner!: boolean;
  @Field(() => [DeliveryConnectionSummaryType], { description: 'Per connection.' }) connections!: DeliveryConnectionSummaryType[];
  @Field(() => [DeliveryItemType], { description: 'Every file, per connection.' }) items!: DeliveryItemType[];
  @Field({ description: 'True when no item is queued or sending.' }) done!: boolean;
}

@InputType('DeliverProjectInput', { description: 'What to deliver where.' })
export class DeliverProjectInput {
  @Field(() => ID, { description: 'One of your projects (not while it is processing).' }) projectId!: string;
  @Field(() => [ID], { description: 'Your connections, 1 to 20.' }) connectionIds!: string[];
  @Field(() => [ID], { nullable: true, description: 'Only these file sets; omit for the whole project.' }) fileSetIds?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Send rows the agency check refuses too.' }) override?: boolean | null;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Deliver to a connection whose last test failed anyway (otherwise CONFLICT); the first refused login still pauses it.',
  })
  confirmFailedTest?: boolean | null;
}

@ObjectType('DeliveryConnectionResume', { description: 'A paused connection resumed: its paused files are queued again.' })
export class DeliveryConnectionResumeType {
  @Field(() => DeliveryConnectionType, { description: 'The connection.' }) connection!: DeliveryConnectionType;
  @Field(() => Int, { description: 'Files queued again.' }) resumed!: number;
}

@InputType('ResendDeliveryInput', { description: 'Send again: some files of a delivery, or all of them.' })
export class ResendDeliveryInput {
  @Field(() => ID, { description: 'One of your deliveries.' }) deliveryId!: string;
  @Field(() => [ID], { nullable: true, description: 'Only these items (1 to 5000); omit for every file of the delivery.' }) itemIds?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Use a connection whose last test failed anyway.' }) confirmFailedTest?: boolean | null;
}
