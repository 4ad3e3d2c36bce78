// Manage Businesses: All Businesses as cards, Add Business, and Edit Business once a
// card has been chosen (choosing a card moves to it).
import { useState } from "react";
import { ownerApi } from "../../../api/ownerEndpoints";
import { ADMIN, adminApi } from "../../../api/adminEndpoints";
import { PlaceAccess } from "../../../components/PlaceAccess";
import { attempt, useAdminData } from "../adminApi";
import { businessFormData, businessFormFrom, newBusinessForm } from "../businessForm";
import defaultCover from "../default-cover.svg";
import { ADMIN_MESSAGES } from "../messages";
import { TabPanel, Tabs } from "../Tabs";
import { AnnouncementPause } from "./AnnouncementPause";
import { BusinessForm } from "./BusinessForm";

type BusinessTab = "all" | "add" | "edit";

export function ManageBusinesses() {
  const [tab, setTab] = useState<BusinessTab>("all");
  const [chosenId, setChosenId] = useState<number | null>(null);
  const places = useAdminData(adminApi.places(), ADMIN_MESSAGES.fetchBusinessesFailed);

  const choose = (placeId: number) => {
    setChosenId(placeId);
    setTab("edit");
  };

  return (
    <>
      <Tabs
        label="Manage Businesses"
        idPrefix="businesses"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: "all", label: "All Businesses" },
          { id: "add", label: "Add Business" },
          { id: "edit", label: "Edit Business", disabled: chosenId === null },
        ]}
      />
      {tab === "all" ? (
        <TabPanel idPrefix="businesses" id="all">
          {places.error ? <p role="alert" className="field-error">{places.error}</p> : null}
          {places.loading && !places.data ? <p>Loading...</p> : null}
          {places.data && places.data.length === 0 ? <p>No businesses yet. Add the first one.</p> : null}
          <ul className="admin-cards">
            {places.data?.map((place) => (
              <li key={place.id}>
                <button type="button" className="admin-card" onClick={() => choose(place.id)}>
                  <img src={place.cover_image ?? defaultCover} alt="" loading="lazy" />
                  <span className="admin-card-title">{place.name}</span>
                </button>
              </li>
            ))}
          </ul>
        </TabPanel>
      ) : null}
      {tab === "add" ? (
        <TabPanel idPrefix="businesses" id="add">
          <BusinessForm
            mode="add"
            initial={newBusinessForm()}
            onSubmit={async (values, cover) => {
              const outcome = await attempt(
                () => adminApi.createPlace(businessFormData(values, "add", cover)),
                ADMIN_MESSAGES.createBusinessFailed,
                () => ADMIN_MESSAGES.businessCreated,
              );
              if (outcome.ok) void places.reload();
              return outcome;
            }}
          />
        </TabPanel>
      ) : null}
      {tab === "edit" && chosenId !== null ? (
        <TabPanel idPrefix="businesses" id="edit">
          <EditBusiness key={chosenId} placeId={chosenId} onSaved={places.reload} />
        </TabPanel>
      ) : null}
    </>
  );
}

function EditBusiness({ placeId, onSaved }: { placeId: number; onSaved: () => void }) {
  const place = useAdminData(ownerApi.ownedPlace(placeId, ADMIN), ADMIN_MESSAGES.fetchBusinessDetailsFailed);
  if (place.error) return <p role="alert" className="field-error">{place.error}</p>;
  if (!place.data) return <p>Loading...</p>;
  return (
    <>
      <h3>{place.data.name}</h3>
      <BusinessForm
        mode="edit"
        initial={businessFormFrom(place.data)}
        currentCover={place.data.cover_image}
        onSubmit={async (values, cover) => {
          const outcome = await attempt(
            () => adminApi.updatePlace(placeId, businessFormData(values, "edit", cover)),
            ADMIN_MESSAGES.updateBusinessFailed,
            () => ADMIN_MESSAGES.businessUpdated,
          );
          if (outcome.ok) {
            void place.reload();
            onSaved();
          }
          return outcome;
        }}
      />
      <PlaceAccess placeId={placeId} sender={ADMIN} headingLevel={3} />
      <AnnouncementPause placeId={placeId} />
    </>
  );
}
