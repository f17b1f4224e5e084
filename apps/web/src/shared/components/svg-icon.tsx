import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/es/types';
import { createElement } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import styles from './svg-icon.module.css';

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(
    node.tag,
    { key, ...node.attrs },
    node.children?.map((child, index) => render(child, index)),
  );
}

interface SvgIconProps {
  /** An outlined or filled definition from `@ant-design/icons-svg/es/asn/…`. */
  icon: IconDefinition;
  className?: string;
  style?: CSSProperties;
  /** Names the icon for assistive technology; without it the icon is decoration. */
  label?: string;
  title?: string;
}

/**
 * The design's icon set drawn from its SVG definitions: the signed-in shell shows icons without
 * loading antd's icon component and its theme context (docs/frontend-performance.md).
 */
export function SvgIcon({ icon, className, style, label, title }: SvgIconProps) {
  const svg = typeof icon.icon === 'function' ? icon.icon('currentColor', '#e6f4ff') : icon.icon;
  return (
    <span
      className={className ? `${styles.icon} ${className}` : styles.icon}
      style={style}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      title={title}
    >
      {createElement(
        svg.tag,
        { ...svg.attrs, width: '1em', height: '1em', fill: 'currentColor' },
        svg.children?.map((child, index) => render(child, index)),
      )}
    </span>
  );
}
