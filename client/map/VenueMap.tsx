// The live map as a React component, for pages the browser renders (the app's Near me): the Leaflet
// drawing of venueMapCore.ts, with the page's popup action rendered into an open popup. Loaded
// lazily through client/live/venueMapImport.ts, so Leaflet loads with the map only, never in the worker.
import { useEffect, useImperativeHandle, useRef, useState } from "react";
import { createPortal } from "react-dom";
import type { MappedPlace, VenueMapDrawing, VenueMapOptions, VenueMapProps } from "../live/venueMap";
import { drawVenueMap } from "./venueMapCore";

export default function VenueMap({ popupAction, ref, ...props }: VenueMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const drawingRef = useRef<VenueMapDrawing | null>(null);
  // The open popup's venue and the element React renders the page's popup action into.
  const [popup, setPopup] = useState<{ place: MappedPlace; slot: HTMLElement } | null>(null);
  // The drawing calls the latest props' functions, and is updated when what it shows changes.
  const propsRef = useRef(props);
  propsRef.current = props;
  const optionsRef = useRef<VenueMapOptions>(null);
  optionsRef.current = {
    places: props.places,
    tiles: props.tiles,
    describe: (place) => propsRef.current.describe(place),
    onOpenPlace: (place) => propsRef.current.onOpenPlace(place),
    busiestToday: (placeId) => propsRef.current.busiestToday(placeId),
    onPopup: setPopup,
  };

  useEffect(() => {
    const drawing = drawVenueMap(containerRef.current!, optionsRef.current!);
    drawingRef.current = drawing;
    return () => {
      drawing.remove();
      drawingRef.current = null;
    };
  }, []);

  const { places, tiles } = props;
  useEffect(() => drawingRef.current?.update(optionsRef.current!), [places, tiles]);

  // One handle for the map's lifetime: the page learns the map is drawn when it arrives.
  useImperativeHandle(ref, () => ({
    showPlace: (placeId) => drawingRef.current?.showPlace(placeId),
    showAll: () => drawingRef.current?.showAll(),
  }), []);

  return (
    <>
      <div ref={containerRef} className="venue-map" role="region" aria-label="Map of venues and their live levels" />
      {popup && popupAction ? createPortal(popupAction(popup.place), popup.slot) : null}
    </>
  );
}
