import { useId, type InputHTMLAttributes } from 'react';

export function TextField({ label, className = '', ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-muted">
        {label}
      </label>
      <input
        id={id}
        {...props}
        className="min-h-12 rounded-xl border border-line bg-surface px-4 text-base text-ink placeholder:text-muted/70 focus:border-primary focus:outline-none"
      />
    </div>
  );
}
