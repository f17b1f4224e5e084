import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './menu-button.module.css';
import { SvgIcon } from './svg-icon';

export type MenuEntry =
  | {
      type?: 'item';
      key: string;
      label: ReactNode;
      icon?: IconDefinition;
      danger?: boolean;
      /** Why the entry cannot be chosen: shown disabled, the reason on hover and to screen readers. */
      disabledReason?: string;
    }
  | { type: 'group'; key: string; label: ReactNode }
  | { type: 'divider'; key: string };

interface MenuButtonProps {
  entries: readonly MenuEntry[];
  onSelect(key: string): void;
  /** The trigger's content; the trigger itself is a button this component owns. */
  children: ReactNode;
  /** Classes of the wrapper, which lays out the trigger and its menu. */
  className?: string;
  triggerClassName?: string;
  /** The trigger's accessible name when its content does not say it. */
  label?: string;
  /** Where the menu opens under the trigger. */
  align?: 'end' | 'center' | 'stretch';
  /** A menu of choices: the entry with this key is shown and announced as the chosen one. */
  selectedKey?: string;
  /** The pointer or the focus reached the trigger, or the menu opened: what it shows may load now. */
  onOpenIntent?(): void;
}

/**
 * A button that opens a menu, keyboard and screen-reader ready (WAI-ARIA menu button pattern):
 * the signed-in shell's menus without a component library (docs/frontend-performance.md).
 */
export function MenuButton(props: MenuButtonProps) {
  const { entries, onSelect, children, className, triggerClassName, label, selectedKey } = props;
  const { onOpenIntent } = props;
  const align = props.align ?? 'end';
  const [open, setOpen] = useState(false);
  const [focusAt, setFocusAt] = useState<'first' | 'last'>('first');
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  const items = () => [
    ...(menuRef.current?.querySelectorAll<HTMLElement>('[role^=menuitem]') ?? []),
  ];
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const all = items();
    const chosen = all.find((item) => item.getAttribute('aria-checked') === 'true');
    (chosen ?? (focusAt === 'first' ? all[0] : all.at(-1)))?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, focusAt]);

  const openAt = (at: 'first' | 'last') => {
    onOpenIntent?.();
    setFocusAt(at);
    setOpen(true);
  };

  const onTriggerKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      all[moves[event.key]!]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  const choose = (key: string) => {
    close(true);
    onSelect(key);
  };

  return (
    <div ref={rootRef} className={className ? `${styles.root} ${className}` : styles.root}>
      <button
        ref={triggerRef}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onTriggerKey}
        onPointerEnter={onOpenIntent}
        onFocus={onOpenIntent}
      >
        {children}
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={`${styles.menu} ${styles[align]}`}
          onKeyDown={onMenuKey}
        >
          {entries.map((entry) => (
            <MenuEntryView
              key={entry.key}
              entry={entry}
              selectedKey={selectedKey}
              onChoose={choose}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function MenuEntryView(props: {
  entry: MenuEntry;
  selectedKey?: string;
  onChoose(key: string): void;
}) {
  const { entry, selectedKey, onChoose } = props;
  if (entry.type === 'divider') return <li role="separator" className={styles.divider} />;
  if (entry.type === 'group') {
    return (
      <li role="presentation" className={styles.group}>
        {entry.label}
      </li>
    );
  }
  const choice = selectedKey !== undefined;
  const selected = entry.key === selectedKey;
  const blocked = entry.disabledReason !== undefined;
  const classes = [
    styles.item,
    entry.danger ? styles.danger : '',
    selected ? styles.selected : '',
    blocked ? styles.disabled : '',
  ];
  return (
    <li role="none">
      <button
        type="button"
        role={choice ? 'menuitemradio' : 'menuitem'}
        aria-checked={choice ? selected : undefined}
        tabIndex={-1}
        className={classes.join(' ')}
        aria-disabled={blocked || undefined}
        aria-description={entry.disabledReason}
        title={entry.disabledReason}
        onClick={() => (blocked ? undefined : onChoose(entry.key))}
      >
        {entry.icon ? <SvgIcon icon={entry.icon} className={styles.itemIcon} /> : null}
        <span className={styles.itemLabel}>{entry.label}</span>
      </button>
    </li>
  );
}
