import { useEffect, useRef, useState } from 'react';
import QrScanner from 'qr-scanner';
import { checkInMessages } from '@studio/domain';

/** A code read twice within this time is one scan (the camera sees it on every frame). */
const SAME_CODE_MS = 3000;

/**
 * Reads check-in QR codes with the camera (qr-scanner: the browser's BarcodeDetector where there is
 * one, else its worker), or from an image file when there is no camera.
 */
export function QrScan({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const last = useRef<{ code: string; at: number }>({ code: '', at: 0 });
  const [cameraFailed, setCameraFailed] = useState(false);
  const [unreadable, setUnreadable] = useState(false);
  const report = useRef(onCode);
  useEffect(() => {
    report.current = onCode;
  }, [onCode]);

  useEffect(() => {
    if (!video.current) return;
    const read = (code: string) => {
      const now = Date.now();
      if (code === last.current.code && now - last.current.at < SAME_CODE_MS) return;
      last.current = { code, at: now };
      report.current(code);
    };
    const scanner = new QrScanner(video.current, (result) => read(result.data), {
      preferredCamera: 'environment',
      returnDetailedScanResult: true,
    });
    scanner.start().catch(() => setCameraFailed(true));
    return () => scanner.destroy();
  }, []);

  async function fromFile(file: File | undefined) {
    if (!file) return;
    try {
      const result = await QrScanner.scanImage(file, { returnDetailedScanResult: true });
      setUnreadable(false);
      report.current(result.data);
    } catch {
      setUnreadable(true);
    }
  }

  return (
    <div>
      <video ref={video} muted playsInline aria-label={checkInMessages.scan} />
      {cameraFailed && <p className="muted">{checkInMessages.cameraUnavailable}</p>}
      {unreadable && <p className="muted">{checkInMessages.codeInvalid}</p>}
      <label htmlFor="check-in-image">{checkInMessages.scanFromImage}</label>
      <input
        id="check-in-image"
        type="file"
        accept="image/*"
        onChange={(change) => void fromFile(change.target.files?.[0])}
      />
    </div>
  );
}
