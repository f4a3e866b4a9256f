// A decorative line icon in the text's colour; the button it sits in carries the words.

interface Props {
  /** The SVG path, drawn on a 24 × 24 grid. */
  path: string;
  size: number;
}

export function Icon({ path, size }: Props) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
