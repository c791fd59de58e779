import { ConfigError, loadConfig } from './config.js';

/** The S3_* variables (issue 35): read into `s3` only with a bucket; a bad or half setting is one line naming it. */
describe('S3 configuration', () => {
  it('is local disk without S3_BUCKET', () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('reads the bucket settings with their defaults', () => {
    expect(
      loadConfig({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }).s3,
    ).toEqual({
      bucket: 'media',
      endpoint: 'http://minio:9000',
      publicEndpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      forcePathStyle: true,
      cacheBytes: 10 * 1024 ** 3,
      presignSeconds: 300,
    });
  });

  it.each([
    [{ S3_BUCKET: 'Media_Files' }, /S3_BUCKET="Media_Files" is not valid \(a bucket name/],
    [{ S3_BUCKET: 'media', S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT="minio:9000" is not valid \(an http\(s\):\/\/ URL\)/],
    [{ S3_BUCKET: 'media', S3_PRESIGN_SECONDS: '86400' }, /S3_PRESIGN_SECONDS="86400" is not valid/],
    [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
    [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'a' }, /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('never echoes the secret', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media', S3_SECRET_ACCESS_KEY: 'hunter2' })).toThrow(/^(?!.*hunter2)/s);
  });
});
