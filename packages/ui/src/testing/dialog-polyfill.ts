/**
 * Test setup (vitest's unit project): jsdom's HTMLDialogElement has no showModal() or close(). This
 * gives it the part the dialogs use: showModal() and show() open it (the open attribute, which jsdom's
 * stylesheet shows), close() closes it and fires close. Nothing here runs in the apps.
 */
if (typeof HTMLDialogElement !== 'undefined') {
  const dialog = HTMLDialogElement.prototype;
  if (typeof dialog.showModal !== 'function') {
    dialog.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof dialog.show !== 'function') {
    dialog.show = function show(this: HTMLDialogElement) {
      this.open = true;
    };
  }
  if (typeof dialog.close !== 'function') {
    dialog.close = function close(this: HTMLDialogElement) {
      if (!this.open) {
        return;
      }
      this.open = false;
      this.dispatchEvent(new Event('close'));
    };
  }
}
