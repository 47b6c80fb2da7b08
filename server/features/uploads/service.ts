// The logic behind POST /api/upload, GET /api/upload/:id and uploads.list / uploads.remove, one
// file per operation: ./accept.ts, ./download.ts, ./list.ts, ./remove.ts.
import type { Services } from "@server/services";
import type { Reader } from "../members/store";
import { acceptUpload, type UploadInput } from "./accept";
import { downloadUpload, type Downloader } from "./download";
import { listUploads } from "./list";
import { removeUpload } from "./remove";

export function uploadService(services: Services) {
  return {
    accept: (input: UploadInput) => acceptUpload(services, input),
    list: (reader: Reader) => listUploads(services, reader),
    remove: (reader: Reader, uploadId: string, actorId: string) =>
      removeUpload(services, reader, uploadId, actorId),
    download: (uploadId: string, who: Downloader) => downloadUpload(services, uploadId, who),
  };
}
