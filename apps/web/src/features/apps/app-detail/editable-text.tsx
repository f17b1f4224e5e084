import { EditOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { InputRef } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { editedValue } from './app-detail.rules';
import styles from './app-detail.module.css';

interface EditableTextProps {
  value: string | null | undefined;
  /** Called only with a changed, trimmed value (spec "Validation rules"). */
  onSave: (next: string) => unknown;
  /** What the field is, for screen readers: 'App name', 'Version name'… */
  label: string;
  required?: boolean;
  maxLength?: number;
  /** Shown instead of an empty value. */
  placeholder?: string;
  className?: string;
}

/** A value that becomes a text field when clicked; Enter or leaving the field saves it. */
export function EditableText({
  value,
  onSave,
  label,
  required = false,
  maxLength,
  placeholder,
  className,
}: EditableTextProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const inputRef = useRef<InputRef>(null);
  // Enter closes the field, and closing it blurs it: without this the value would be saved twice.
  const closed = useRef(false);

  useEffect(() => {
    if (editing) inputRef.current?.focus({ cursor: 'end' });
  }, [editing]);

  const open = (event: MouseEvent | KeyboardEvent) => {
    event.stopPropagation();
    closed.current = false;
    setDraft(value ?? '');
    setEditing(true);
  };

  const finish = (save: boolean) => {
    if (closed.current) return;
    closed.current = true;
    setEditing(false);
    if (!save) return;
    const next = editedValue(value, draft, { required });
    if (next !== null) void onSave(next);
  };

  if (editing) {
    return (
      <Input
        ref={inputRef}
        className={[styles.editInput, className].filter(Boolean).join(' ')}
        aria-label={label}
        value={draft}
        maxLength={maxLength}
        onChange={(event) => setDraft(event.target.value)}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') finish(true);
          if (event.key === 'Escape') finish(false);
        }}
        onBlur={() => finish(true)}
      />
    );
  }

  const empty = !value;
  return (
    <span
      role="button"
      tabIndex={0}
      className={[styles.editable, className].filter(Boolean).join(' ')}
      aria-label={`${label}: ${value || placeholder || ''}`.trim()}
      title={value ?? undefined}
      onClick={open}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          open(event);
        }
      }}
    >
      {empty ? <span className={styles.placeholder}>{placeholder}</span> : value}
      <EditOutlined className={styles.editIcon} aria-hidden />
    </span>
  );
}
