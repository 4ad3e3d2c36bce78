// The admin area's sentences, character for character (docs/architecture.md#api-contract). Those the owner
// dashboard shows too come from its catalogue.
import { MESSAGES } from "../../lib/messages";

export const ADMIN_MESSAGES = {
  fetchBusinessesFailed: MESSAGES.fetchBusinessesFailed,
  fetchBusinessDetailsFailed: MESSAGES.fetchBusinessDetailsFailed,
  fetchEventsFailed: MESSAGES.fetchEventsFailed,
  fetchEventDetailsFailed: MESSAGES.fetchEventDetailsFailed,
  fetchPlacesOrCategoriesFailed: MESSAGES.fetchPlacesOrCategoriesFailed,
  unexpected: MESSAGES.unexpected,
  unexpectedTryAgain: MESSAGES.unexpectedTryAgain,
  updateBusinessFailed: MESSAGES.updateBusinessFailed,
  updateEventFailed: MESSAGES.updateEventFailed,
  businessUpdated: MESSAGES.businessUpdated,
  eventUpdated: MESSAGES.eventUpdated,
  fetchTagsFailed: "Failed to fetch tags.",
  createBusinessFailed: "Failed to create business.",
  createTagFailed: "Failed to create tag.",
  updateTagFailed: "Failed to update tag.",
  deleteTagFailed: "Failed to delete tag.",
  updateMaxDevicesFailed: "Failed to update max devices.",
  businessCreated: "Business created successfully!",
  maxDevicesUpdated: "Max devices updated successfully.",
  unknownPlace: "Unknown Place",
  // Beyond the spec (devices, submissions inbox), in the same voice.
  fetchDevicesFailed: "Failed to fetch devices.",
  registerDeviceFailed: "Failed to register device.",
  revokeDeviceFailed: "Failed to revoke device.",
  deviceNameRequired: "Device name is required.",
  keyCopied: "Key copied to clipboard.",
  copyFailed: "Copy failed: select the key and copy it by hand.",
  fetchSubmissionsFailed: "Failed to fetch submissions.",
  updateSubmissionFailed: "Failed to update submission.",
  fetchReviewsFailed: "Failed to fetch reviews.",
  moderateReviewFailed: "Failed to update review.",
} as const;
