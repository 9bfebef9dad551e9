// transformer-bloc's page (pre-js, docs/web.md): the address read into main's arguments, the last
// session's storage (IDBFS), the keys the browser would take, touch and pen as the mouse, the
// downloads, and window.transformerBloc (cli.md "The web page").
(function () {
  'use strict';
  const params = new URLSearchParams(window.location.search);
  const fragment = window.location.hash.length > 1 ? window.location.hash.slice(1) : '';
  document.documentElement.lang = params.get('lang') === 'en' ? 'en' : 'fr';
  Module['arguments'] = [document.documentElement.lang, fragment];
  Module['canvas'] = document.getElementById('canvas');

  // The last session (where persist/view_state.h's last_session_path() puts it for HOME
  // /home/web_user), read from the browser's storage before main runs.
  const storage = '/home/web_user/.config/transformer-bloc';
  Module['preRun'] = (Module['preRun'] || []).concat([function () {
    FS.mkdirTree(storage);
    FS.mkdirTree('/fichiers');
    FS.chdir('/fichiers');  // exports and saved sessions by a bare name land here (readFile)
    try {
      FS.mount(IDBFS, {}, storage);
    } catch (e) {
      return;  // no IndexedDB (a private window): the page forgets at the end, nothing else changes
    }
    addRunDependency('tb-storage');
    FS.syncfs(true, function () { removeRunDependency('tb-storage'); });
  }]);
  let syncing = false, again = false;
  Module['tbSyncStorage'] = function () {
    if (syncing) { again = true; return; }
    syncing = true;
    FS.syncfs(false, function () {
      syncing = false;
      if (again) { again = false; Module['tbSyncStorage'](); }
    });
  };

  // window.transformerBloc: ready, run(line), readFile(name).
  let firstPicture;
  const ready = new Promise(function (resolve) { firstPicture = resolve; });
  Module['tbFirstPicture'] = function () { firstPicture(); };
  const pending = new Map();
  let nextId = 0;
  Module['tbResolve'] = function (id, ok, reply) {
    const resolve = pending.get(id);
    pending.delete(id);
    if (resolve) resolve({ ok: ok, reply: reply });
  };
  window.transformerBloc = {
    ready: ready,
    run: function (line) {
      return ready.then(function () {
        return new Promise(function (resolve) {
          const id = nextId++;
          pending.set(id, resolve);
          Module.ccall('tb_run', null, ['number', 'string'], [id, String(line)]);
        });
      });
    },
    readFile: function (name) {
      return ready.then(function () {
        try {
          return FS.readFile(String(name));
        } catch (e) {
          throw new Error('aucun fichier « ' + name + ' » dans la page');
        }
      });
    },
  };

  // A file written by the user's command (an export, a saved session) is offered as a download.
  Module['tbOfferDownload'] = function (path) {
    const bytes = FS.readFile(path);
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([bytes]));
    link.download = path.split('/').pop();
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
  };

  // /ouvrir (its Enter is the user's gesture a browser asks before a file picker), Ctrl+O where the
  // browser allows it, or a file dropped on the page: the file from the computer, copied into the
  // page's folder under its own name, opened by the command its kind asks for (page.cpp).
  const picker = document.createElement('input');
  picker.type = 'file';
  picker.accept = '.json,.txt';
  picker.style.display = 'none';
  document.body.appendChild(picker);
  function openPicked(file) {
    if (!file || !Module['calledRun']) return;
    file.arrayBuffer().then(function (buffer) {
      const name = file.name.replace(/[\/\\"]/g, '_');
      FS.writeFile('/fichiers/' + name, new Uint8Array(buffer));
      Module.ccall('tb_open_file', null, ['string'], [name]);
    });
  }
  // When the key that ran /ouvrir is too far back for the browser (a slow machine), a button asks
  // for the click the browser wants.
  const ask = document.createElement('button');
  ask.id = 'tb-pick-file';
  ask.textContent = document.documentElement.lang === 'en' ? 'Choose the file to open…' : 'Choisir le fichier à ouvrir…';
  ask.style.cssText = 'position:fixed;top:40%;left:50%;transform:translateX(-50%);font:28px sans-serif;' +
                      'padding:16px 28px;display:none;z-index:1';
  document.body.appendChild(ask);
  ask.addEventListener('click', function () { ask.style.display = 'none'; picker.click(); });
  Module['tbPickFile'] = function () {
    if (navigator.userActivation && !navigator.userActivation.isActive) ask.style.display = 'block';
    else picker.click();
  };
  picker.addEventListener('cancel', function () { ask.style.display = 'none'; });
  picker.addEventListener('change', function () { openPicked(picker.files[0]); picker.value = ''; });
  window.addEventListener('keydown', function (e) {
    if ((e.ctrlKey || e.metaKey) && (e.key === 'o' || e.key === 'O')) {
      e.preventDefault();
      picker.click();
    }
  }, true);
  window.addEventListener('dragover', function (e) { e.preventDefault(); });
  window.addEventListener('drop', function (e) {
    e.preventDefault();
    if (e.dataTransfer && e.dataTransfer.files.length) openPicked(e.dataTransfer.files[0]);
  });

  // Keys that would reload, zoom, go back or scroll the page act on the program only (F5 is the
  // presenter key that clickers also send). The program still receives them.
  window.addEventListener('keydown', function (e) {
    const zoom = (e.ctrlKey || e.metaKey) && ['+', '=', '-', '_', '0'].includes(e.key);
    const taken = ['F5', 'F11', 'Backspace', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown',
                   'PageUp', 'PageDown', 'Home', 'End', 'Tab'];
    if (zoom || taken.includes(e.key) || (e.ctrlKey && e.key === 'r')) e.preventDefault();
  }, true);
  window.addEventListener('wheel', function (e) { if (e.ctrlKey) e.preventDefault(); }, { passive: false });

  // Leaving with a lesson open or a training running asks first; leaving saves the session.
  window.addEventListener('beforeunload', function (e) {
    if (Module['calledRun'] && Module['_tb_leaving_loses_work']()) {
      e.preventDefault();
      e.returnValue = '';
    }
  });
  window.addEventListener('pagehide', function () {
    if (Module['calledRun']) Module['_tb_save_now']();
  });

  // A finger or an interactive whiteboard's pen works as the mouse: its pointer events are given
  // to the program as mouse events (the browser sends only taps as mouse events by itself).
  const canvas = Module['canvas'];
  const asMouse = { pointerdown: 'mousedown', pointermove: 'mousemove', pointerup: 'mouseup', pointercancel: 'mouseup' };
  Object.keys(asMouse).forEach(function (type) {
    canvas.addEventListener(type, function (e) {
      if (e.pointerType === 'mouse') return;
      e.preventDefault();
      canvas.dispatchEvent(new MouseEvent(asMouse[type], {
        clientX: e.clientX, clientY: e.clientY, screenX: e.screenX, screenY: e.screenY,
        button: 0, buttons: type === 'pointerup' || type === 'pointercancel' ? 0 : 1, bubbles: true }));
    });
  });
})();
