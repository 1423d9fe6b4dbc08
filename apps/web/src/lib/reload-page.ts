/** Reloads the whole page (spec: "Reload Page", the phone-number load error's Retry). A module of its own so tests can replace it. */
export function reloadPage(): void {
  window.location.reload();
}
