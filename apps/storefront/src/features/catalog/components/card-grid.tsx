import type { ReactNode } from 'react';

/** A responsive grid of cards as a list, so a screen reader announces how many there are. */
export function CardGrid({ children }: { children: ReactNode[] }) {
  return (
    <ul className="card-grid">
      {children.map((child, i) => (
        <li key={i}>{child}</li>
      ))}
    </ul>
  );
}
