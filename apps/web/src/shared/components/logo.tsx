import { palette } from '../theme/palette';

interface LogoProps {
  size?: number;
  /** Accessible name; leave empty when the product name is written beside the logo. */
  title?: string;
}

/** Meridian's mark: a globe crossed by one meridian arc. */
export function Logo({ size = 32, title }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id="meridian-logo-globe" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#16406b" />
          <stop offset="1" stopColor={palette.navy} />
        </linearGradient>
      </defs>
      <circle
        cx="16"
        cy="16"
        r="13.5"
        fill="url(#meridian-logo-globe)"
        stroke={palette.primary}
        strokeWidth="2"
      />
      <path
        d="M4 16h24M6 9.5h20M6 22.5h20"
        stroke={palette.primaryLight}
        strokeWidth="0.9"
        opacity="0.35"
      />
      <path
        d="M16 2.5C9.5 6.5 9.5 25.5 16 29.5"
        fill="none"
        stroke={palette.primaryLight}
        strokeWidth="2.2"
        strokeLinecap="round"
      />
      <circle cx="12.3" cy="12.2" r="1.6" fill="#ffffff" />
    </svg>
  );
}
