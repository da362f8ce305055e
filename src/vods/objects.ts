import { DeleteObjectsCommand, ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";

/** An app's bucket as its S3 client sees it. */
export interface Bucket {
  readonly client: S3Client;
  readonly target: { readonly bucket: string };
}

/** Every key under `prefix`, page by page. */
export async function listKeys(s3: Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.target.bucket, Prefix: prefix, ContinuationToken: token }));
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

/** Deletes the keys, 1,000 per request (S3's limit); a key already gone is no error. */
export async function deleteKeys(s3: Bucket, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) {
    const batch = keys.slice(i, i + 1000).map((Key) => ({ Key }));
    await s3.client.send(new DeleteObjectsCommand({ Bucket: s3.target.bucket, Delete: { Objects: batch, Quiet: true } }));
  }
}
