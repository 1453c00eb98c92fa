import type { OrderCategory } from '@careline/domain/orders';

// One small inline icon per order category (spec doc 3 §2 'a category icon'); the app carries no icon
// set yet, so these are drawn here, stroke-only in the current colour, like lucide's.
const PATHS: Record<OrderCategory, string[]> = {
  // A pill.
  Medication: ['M10.5 20.5 3.5 13.5a5 5 0 0 1 7-7l7 7a5 5 0 0 1-7 7Z', 'm8.5 8.5 7 7'],
  // A test tube.
  Examination: ['M14.5 2v17.5a2.5 2.5 0 0 1-5 0V2', 'M8.5 2h7', 'M9.5 14h5'],
  // A stethoscope.
  Procedure: ['M5 3v5a5 5 0 0 0 10 0V3', 'M10 13v3a5 5 0 0 0 10 0v-2', 'M20 12a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z'],
  // A hospital bed.
  Finance: ['M2 4v16', 'M2 8h18a2 2 0 0 1 2 2v10', 'M2 17h20', 'M6 8v9'],
};

/** The category's icon, decorative (the heading names the category). */
export function CategoryIcon({ category }: { category: OrderCategory }) {
  return (
    <span className={`order-icon order-icon--${category.toLowerCase()}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {PATHS[category].map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
