// The owner dashboard's sentences, character for character (docs/architecture.md#api-contract);
// the admin area reuses those it shows too.
export const MESSAGES = {
  fetchBusinessesFailed: "Failed to fetch businesses.",
  fetchBusinessDetailsFailed: "Failed to fetch business details.",
  fetchEventsFailed: "Failed to fetch events.",
  fetchEventDetailsFailed: "Failed to fetch event details.",
  fetchPlacesOrCategoriesFailed: "Failed to fetch places or categories.",
  fetchCategoriesFailed: "Failed to fetch event categories.",
  unexpected: "An unexpected error occurred.",
  unexpectedTryAgain: "An unexpected error occurred. Please try again.",
  createEventFailed: "Failed to create event.",
  updateEventFailed: "Failed to update event.",
  deleteEventFailed: "Failed to delete event.",
  createCategoryFailed: "Failed to create category.",
  updateCategoryFailed: "Failed to update category.",
  deleteCategoryFailed: "Failed to delete category.",
  updateBusinessFailed: "Failed to update business.",
  eventCreated: "Event created successfully!",
  eventUpdated: "Event updated successfully!",
  eventDeleted: "Event deleted successfully!",
  categoryUpdated: "Category updated successfully.",
  businessUpdated: "Business updated successfully!",
  urlCopied: "URL copied to clipboard!",
  confirmDeleteEvent: "Are you sure you want to delete this event?",
  selectBusiness: "Select a business to view details.",
  selectDay: "Select a day to view hourly data.",
  invalidTab: "Invalid Tab",
  deviceOnline: "Device is Online",
  deviceOffline: "Warning: Device is Offline",
  notAvailable: "N/A",
  noImage: "No Image",
} as const;

export const confirmDeleteCategory = (name: string) =>
  `Are you sure you want to delete the event category "${name}"?`;

export const hourlyChartTitle = (date: string) => `Hourly Population Data for ${date}`;
