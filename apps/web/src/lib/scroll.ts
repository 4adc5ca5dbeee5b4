/**
 * Scrolls to the element a URL hash points at. The target may belong to a screen whose code is still
 * loading, so wait (briefly) for it to appear.
 */
export function scrollToHash(hash: string, root: HTMLElement = document.body, timeoutMs = 5000): () => void {
  const id = decodeURIComponent(hash.replace(/^#/, ''));
  if (id === '') return () => {};

  const reveal = () => {
    const target = document.getElementById(id);
    if (!target) return false;
    target.scrollIntoView({ block: 'start' });
    return true;
  };
  if (reveal()) return () => {};

  const observer = new MutationObserver(() => {
    if (reveal()) stop();
  });
  const timer = setTimeout(() => stop(), timeoutMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(root, { childList: true, subtree: true });
  return stop;
}
