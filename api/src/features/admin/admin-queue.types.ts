import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('QueueJobCounts', { description: 'How many jobs of a queue are in each state.' })
export class QueueJobCountsType {
  @Field(() => Int, { description: 'Waiting to be picked up by a worker (the queue depth).' }) waiting!: number;
  @Field(() => Int, { description: 'Being processed now.' }) active!: number;
  @Field(() => Int, { description: 'Finished successfully and still kept by the queue.' }) completed!: number;
  @Field(() => Int, { description: 'Failed after their last attempt and still kept by the queue.' }) failed!: number;
  @Field(() => Int, { description: 'Waiting for a retry back-off or a scheduled time.' }) delayed!: number;
}

@ObjectType('FailedJob', { description: 'A job that failed, with the reason its last attempt gave.' })
export class FailedJobType {
  @Field({ description: 'The job id in its queue.' }) id!: string;
  @Field({ description: 'The job name (what kind of work it was).' }) name!: string;
  @Field({ description: 'The error message of the last attempt.' }) failedReason!: string;
  @Field(() => Int, { description: 'Attempts made before it was given up.' }) attemptsMade!: number;
  @Field(() => Date, { nullable: true, description: 'When the last attempt failed.' }) failedAt!: Date | null;
}

@ObjectType('QueueStats', { description: 'One background job queue as administrators see it.' })
export class QueueStatsType {
  @Field({ description: 'The queue name.' }) name!: string;
  @Field(() => QueueJobCountsType, { description: 'How many jobs are in each state.' }) counts!: QueueJobCountsType;
  @Field(() => [FailedJobType], { description: 'The most recent failed jobs, newest first (at most 10).' }) recentFailed!: FailedJobType[];
}
