// The admin console's calls (see endpoints.ts), all with the admin token.
import type {
  AccessTokenAnswer,
  BusinessesAnswer,
  DeadLetterListAnswer,
  DevicesAnswer,
  ModeratedLiveLooksAnswer,
  ModeratedReviewsAnswer,
  OkAnswer,
  OwnedPlace,
  PublicPlace,
  RegisteredDeviceAnswer,
  SubmissionAnswer,
  SubmissionListAnswer,
  TagAnswer,
  TagsAnswer,
} from "../../common/schemas/answers";
import type { adminSignInSchema } from "../../common/schemas/auth";
import type { MessageReports } from "../../common/schemas/conversations";
import type { maxDevicesSchema } from "../../common/schemas/place";
import type { moderationQuerySchema } from "../../common/schemas/review-moderation";
import type { submissionListQuerySchema, submissionUpdateSchema } from "../../common/schemas/submission";
import type {
  CreatedIntegrationKeyAnswer,
  deviceRegistrationSchema,
  integrationKeyCreationSchema,
  IntegrationKeysAnswer,
  UnregisteredUplinksAnswer,
} from "../../common/schemas/ttn";
import { adminRequest } from "./adminSession";
import { answerOf, call, placePath, post, read, withQuery, type In, type Sender } from "./endpoints";
import { sendWithToken } from "./request";

/** The admin token as the bearer; a 401 locks the gate again (adminRequest()). */
export const ADMIN: Sender = { name: "admin", send: adminRequest };

export const adminApi = {
  signIn: (input: In<typeof adminSignInSchema>) => post<AccessTokenAnswer>("/api/admin/login", input),
  /** Ends `token` on the server; sent with it directly, since it is already forgotten here. */
  signOut: (token: string) => sendWithToken(token, "POST", "/api/admin/logout").then(answerOf<OkAnswer>),
  places: () => read<PublicPlace[]>("/api/places", ADMIN),
  createPlace: (form: FormData) => call<OwnedPlace>("POST", "/api/place/create", form, ADMIN),
  updatePlace: (placeId: number, form: FormData) => call<OwnedPlace>("POST", `/api/place/update/${placeId}`, form, ADMIN),
  businesses: () => read<BusinessesAnswer>("/api/businesses", ADMIN),
  setMaxDevices: (placeId: number, input: In<typeof maxDevicesSchema>) =>
    call<OkAnswer>("PUT", `/api/businesses/${placeId}/max-devices`, input, ADMIN),
  devices: (placeId: number) => read<DevicesAnswer>(`${placePath(placeId)}/devices`, ADMIN),
  registerDevice: (placeId: number, input: In<typeof deviceRegistrationSchema>) =>
    call<RegisteredDeviceAnswer>("POST", `${placePath(placeId)}/devices`, input, ADMIN),
  revokeDevice: (placeId: number, deviceId: number) => call<OkAnswer>("DELETE", `${placePath(placeId)}/devices/${deviceId}`, undefined, ADMIN),
  tags: () => read<TagsAnswer>("/api/tags", ADMIN),
  createTag: (form: FormData) => call<TagAnswer>("POST", "/api/tags", form, ADMIN),
  updateTag: (tagId: number, form: FormData) => call<TagAnswer>("PUT", `/api/tags/${tagId}`, form, ADMIN),
  deleteTag: (tagId: number) => call<OkAnswer>("DELETE", `/api/tags/${tagId}`, undefined, ADMIN),
  submissions: (query: In<typeof submissionListQuerySchema>) => read<SubmissionListAnswer>(withQuery("/api/admin/submissions", query), ADMIN),
  updateSubmission: (submissionId: number, input: In<typeof submissionUpdateSchema>) =>
    call<SubmissionAnswer>("PATCH", `/api/admin/submissions/${submissionId}`, input, ADMIN),
  /** Queue messages no attempt could process (docs/faults.md#dead-letters). */
  deadLetters: () => read<DeadLetterListAnswer>("/api/admin/dead-letters", ADMIN),
  /** Sends a dead letter back to the queue it died in. */
  retryDeadLetter: (id: number) => call<{ queue: string }>("POST", `/api/admin/dead-letters/${id}/retry`, undefined, ADMIN),
  integrationKeys: () => read<IntegrationKeysAnswer>("/api/integrations/ttn", ADMIN),
  createIntegrationKey: (input: In<typeof integrationKeyCreationSchema>) =>
    call<CreatedIntegrationKeyAnswer>("POST", "/api/integrations/ttn", input, ADMIN),
  revokeIntegrationKey: (keyId: number) => call<OkAnswer>("DELETE", `/api/integrations/ttn/${keyId}`, undefined, ADMIN),
  unregisteredUplinks: () => read<UnregisteredUplinksAnswer>("/api/integrations/ttn/unregistered", ADMIN),
  moderatedLiveLooks: (query: In<typeof moderationQuerySchema>) => read<ModeratedLiveLooksAnswer>(withQuery("/api/admin/live-looks", query), ADMIN),
  /** Deletes a Live Look, its reports and its photo. */
  deleteLiveLook: (id: number) => call<OkAnswer>("DELETE", `/api/live-looks/${id}`, undefined, ADMIN),
  moderatedReviews: (query: In<typeof moderationQuerySchema>) => read<ModeratedReviewsAnswer>(withQuery("/api/admin/reviews", query), ADMIN),
  /** Reported messages with the messages around each (docs/friends.md#reports). */
  messageReports: (state: "open" | "resolved") => read<MessageReports>(withQuery("/api/admin/message-reports", { state }), ADMIN),
  /** Closes a report: "resolve" (acted on) or "dismiss" (nothing wrong). */
  closeMessageReport: (id: number, how: "resolve" | "dismiss") => call<OkAnswer>("POST", `/api/admin/message-reports/${id}/${how}`, undefined, ADMIN),
};
