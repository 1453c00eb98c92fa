import { useState } from 'react';
import { avatarTint, initialsOf } from '@careline/domain/consultations';

/**
 * A doctor's avatar (DESIGN: the photo when one exists, otherwise initials on a colour from the
 * name). Decorative: the name is always written beside it. The photo is the server's small square
 * variant, loaded lazily at a fixed size, so nothing moves when it arrives (issue 29 §4.15); one
 * that fails to load gives way to the initials.
 * @param props - the doctor's name, the photo's address (null: initials) and the side in CSS pixels
 */
export function DoctorAvatar({ name, photoUrl, size = 44 }: { name: string; photoUrl?: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: `${size}px`, height: `${size}px` };
  if (photoUrl && failed !== photoUrl) {
    return (
      <img
        className="session-card__avatar session-card__avatar--photo"
        src={photoUrl}
        width={size}
        height={size}
        style={style}
        loading="lazy"
        decoding="async"
        alt=""
        onError={() => setFailed(photoUrl)}
      />
    );
  }
  return (
    <span className="session-card__avatar" style={{ ...style, background: avatarTint(name) }} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
