// The Redeem screen (docs/offers.md#redeeming-at-the-door): phone-sized; staff type the guest's
// code, or scan its QR with the camera where the browser has BarcodeDetector, and are told once
// what to give (or that the code was used, has expired, or is unknown here).
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { RedemptionAnswer } from "../../../../common/schemas/offers";
import { writeFailure } from "../../../api/endpoints";
import { ownerOfferApi } from "../../../api/offerEndpoints";
import { InputField } from "../../../components/Field";
import { OWNER_OFFER_MESSAGES as M } from "./offerWords";
import "./offers.css";

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = new (options: { formats: string[] }) => Detector;

const detectorClass = (): DetectorClass | null => (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector ?? null;

/** The camera's view, read for a QR code until one is found (then `onCode`) or the scan is stopped. */
function Scanner({ onCode, onFailure }: { onCode: (code: string) => void; onFailure: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const Detector = detectorClass()!;
    const detector = new Detector({ formats: ["qr_code"] });
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const look = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      if (found.length > 0) onCode(found[0].rawValue);
      else frame = requestAnimationFrame(() => void look());
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void look();
      })
      .catch(onFailure);
    return () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onCode, onFailure]);
  return <video ref={video} className="redeem-video" muted playsInline aria-label={M.redeem.video} />;
}

export function RedeemScreen({ placeId }: { placeId: number }) {
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<RedemptionAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const redeem = async (text: string) => {
    setBusy(true);
    setDone(null);
    setFailure(null);
    try {
      setDone(await ownerOfferApi.redeem(placeId, text));
      setCode("");
    } catch (error) {
      setFailure(writeFailure(error, M.redeem.failed, M.unreachable));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void redeem(code);
  };
  const scanned = (text: string) => {
    setScanning(false);
    setCode(text);
    void redeem(text);
  };
  return (
    <section className="redeem-screen" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{M.redeem.heading}</h2>
      <form onSubmit={submit}>
        <InputField
          id={`${id}-code`}
          label={M.redeem.label}
          hint={M.redeem.hint}
          className="redeem-code"
          value={code}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={8}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
        <button type="submit" className="button" disabled={busy || code.trim() === ""}>{busy ? M.redeem.busy : M.redeem.submit}</button>
      </form>
      {detectorClass() ? (
        <button type="button" className="button secondary" onClick={() => setScanning(!scanning)}>{scanning ? M.redeem.stopScan : M.redeem.scan}</button>
      ) : null}
      {scanning ? <Scanner onCode={scanned} onFailure={() => { setScanning(false); setFailure(M.redeem.cameraFailed); }} /> : null}
      <div aria-live="polite">
        {done ? (
          <p className="redeem-ok" role="status">
            {M.redeem.give(done.title)} {done.terms}
          </p>
        ) : null}
        {failure ? <p className="redeem-failed" role="alert">{failure}</p> : null}
      </div>
    </section>
  );
}
