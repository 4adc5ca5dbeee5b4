import { useEffect, useRef, useState } from 'react';

/**
 * The address a page shows a chosen file at, and `show` to point it at another file (or none): the
 * object URL before is released, and the last one when the component goes.
 */
export function useFilePreview() {
  const [url, setUrl] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  useEffect(
    () => () => {
      if (current.current) URL.revokeObjectURL(current.current);
    },
    [],
  );
  function show(file: File | null) {
    if (current.current) URL.revokeObjectURL(current.current);
    current.current = file ? URL.createObjectURL(file) : null;
    setUrl(current.current);
  }
  return [url, show] as const;
}
