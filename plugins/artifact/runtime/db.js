/*
 * Quire artifact storage: window.service.db (service-interface.md, "Artifact page scripting interface").
 * Shared mode talks to the page's own origin (/_db, token header, server-sent events); local mode keeps
 * records in this browser's IndexedDB and tells other tabs through BroadcastChannel. Inlined into every page.
 */
(function () {
  "use strict";
  var cfg = window.__QUIRE__ || { storage: "local" };
  var NAME = /^[A-Za-z0-9_.-]{1,64}$/;
  var MAX_BYTES = 16384;
  var MAX_RECORDS = 5000;
  var topics = {};

  function fail(code, message) {
    var error = new Error(message || code);
    error.code = code;
    return error;
  }
  function checkName(what, value) {
    if (typeof value !== "string" || !NAME.test(value)) {
      throw fail("input_invalid", "The " + what + " name must be 1 to 64 letters, digits, _, - or .");
    }
  }
  // The size rule is checked here too, so an oversized record is refused before anything is sent.
  function encode(data) {
    var text;
    try { text = JSON.stringify(data); } catch (e) { text = undefined; }
    if (text === undefined) throw fail("input_invalid", "The record must be a JSON value.");
    if (new TextEncoder().encode(text).length > MAX_BYTES) throw fail("record_too_large", "A record holds at most 16 KB of JSON.");
    return text;
  }
  // Every method answers with a promise: a failed check rejects rather than throws.
  function attempt(fn) {
    try { return Promise.resolve(fn()); } catch (e) { return Promise.reject(e); }
  }
  function setStatus(value) {
    db.status = value;
    window.dispatchEvent(new CustomEvent("quire:status", { detail: value }));
  }
  function time(record) { return Date.parse(record.updated_at) || 0; }
  function copy(list) {
    return list.map(function (r) { return { key: r.key, data: r.data, updated_at: r.updated_at }; });
  }
  function deliver(topic, callback) {
    try { callback(copy(topic.list)); } catch (e) { console.error(e); }
  }
  function notify(topic) {
    topic.subs.forEach(function (callback) { deliver(topic, callback); });
  }
  // Applies one change to a topic's list (most recent first); false when it changes nothing (an echo, a replay).
  function apply(topic, change) {
    var list = topic.list;
    var at = -1;
    for (var i = 0; i < list.length; i++) if (list[i].key === change.key) { at = i; break; }
    if (change.data === null || change.data === undefined) {
      if (at < 0) return false;
      list.splice(at, 1);
      return true;
    }
    if (at >= 0) {
      var old = list[at];
      if (time(old) > time(change)) return false;
      if (old.updated_at === change.updated_at && JSON.stringify(old.data) === JSON.stringify(change.data)) return false;
      list.splice(at, 1);
    }
    var record = { key: change.key, data: change.data, updated_at: change.updated_at };
    var j = 0;
    while (j < list.length && time(list[j]) > time(record)) j++;
    list.splice(j, 0, record);
    return true;
  }

  function shared() {
    var base = cfg.api || "/_db";
    var token = cfg.token || "";
    function url(collection, key) {
      return base + "/" + encodeURIComponent(collection) + (key === undefined ? "" : "/" + encodeURIComponent(key));
    }
    function call(method, address, body) {
      var init = { method: method, headers: { "x-quire-token": token }, cache: "no-store", credentials: "omit" };
      if (body !== undefined) {
        init.headers["content-type"] = "application/json";
        init.body = body;
      }
      return fetch(address, init).then(function (res) {
        return res.text().then(function (text) {
          var json = null;
          try { json = text ? JSON.parse(text) : null; } catch (e) { json = null; }
          if (!res.ok) {
            var error = fail((json && json.code) || "http_" + res.status, (json && json.message) || "The request failed (" + res.status + ").");
            error.status = res.status;
            var retry = res.headers.get("retry-after");
            if (retry) error.retryAfter = Number(retry);
            throw error;
          }
          return json;
        });
      }, function () {
        throw fail("network", "The page could not reach its storage.");
      });
    }
    // A change seen while the list is being read (the page's own write answered, or one from the stream) may be newer
    // than what that read returns: it is kept and applied again on top of the list the read brings.
    function seen(topic, change) {
      if (topic.loading) topic.during.push(change);
      if (!topic.list) topic.pending.push(change);
      else if (apply(topic, change)) notify(topic);
    }
    function changed(collection, change) {
      var topic = topics[collection];
      if (topic) seen(topic, change);
    }
    function load(topic) {
      var started = topic.generation;
      if (!topic.loading) topic.during = [];
      topic.loading += 1;
      var done = function () {
        topic.loading -= 1;
        var during = topic.during;
        if (!topic.loading) topic.during = [];
        return during;
      };
      return call("GET", url(topic.collection)).then(function (body) {
        var during = done();
        if (topic.generation !== started || topic.closed) return;
        topic.list = [];
        var records = (body && body.data) || [];
        for (var i = 0; i < records.length; i++) topic.list.push(records[i]);
        var pending = topic.pending.concat(during);
        topic.pending = [];
        for (var j = 0; j < pending.length; j++) apply(topic, pending[j]);
        notify(topic);
      }, function (error) {
        done();
        // A dead link stays dead: no more reconnecting.
        if (error.code === "link_expired" || error.code === "unauthorized") {
          topic.fatal = true;
          setStatus("expired");
        } else setStatus("error");
        console.error("Quire storage:", error.code, error.message);
      });
    }
    // One EventSource per collection, shared by its subscribers. EventSource reconnects by itself with
    // Last-Event-ID (the service replays what was missed); when it gives up (a refused answer) it is opened again
    // after a pause and the list is read afresh, since a new EventSource cannot resume.
    function open(topic) {
      topic.generation += 1;
      topic.pending = [];
      var loaded = false;
      var source = new EventSource(url(topic.collection) + "/events?token=" + encodeURIComponent(token));
      topic.source = source;
      var first = function () {
        if (loaded || topic.closed) return;
        loaded = true;
        load(topic);
      };
      // Reading the list once the stream is open leaves no gap between the two; a slow stream only delays it.
      var fallback = setTimeout(first, 2500);
      source.onopen = function () {
        clearTimeout(fallback);
        topic.failures = 0;
        setStatus("live");
        first();
      };
      source.addEventListener("change", function (event) {
        var change;
        try { change = JSON.parse(event.data); } catch (e) { return; }
        seen(topic, change);
      });
      // The service no longer holds every change missed (a pause of over a day): read the list afresh.
      source.addEventListener("resync", function () {
        if (!topic.closed) load(topic);
      });
      source.onerror = function () {
        if (source.readyState !== 2) {
          setStatus("connecting");
          return;
        }
        clearTimeout(fallback);
        if (topic.closed) return;
        setStatus("offline");
        topic.failures += 1;
        var wait = Math.min(30000, 1000 * Math.pow(2, topic.failures));
        // EventSource does not say why it was refused; reading the list does, and refreshes what the page shows.
        loaded = true;
        load(topic).then(function () {
          if (topic.fatal || topic.closed) return;
          topic.timer = setTimeout(function () { if (!topic.closed) open(topic); }, wait);
        });
      };
    }
    return {
      mode: "shared",
      set: function (collection, key, data) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          var body = encode(data);
          return call("PUT", url(collection, key), body).then(function (record) {
            changed(collection, record);
            return record;
          });
        });
      },
      get: function (collection, key) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          // GET /_db/{collection}/events is the change stream, so that one key is read from the list.
          if (key === "events") {
            return call("GET", url(collection)).then(function (body) {
              var found = ((body && body.data) || []).filter(function (r) { return r.key === key; })[0];
              return found ? found.data : null;
            });
          }
          return call("GET", url(collection, key)).then(function (record) {
            return record ? record.data : null;
          }, function (error) {
            if (error.code === "not_found") return null;
            throw error;
          });
        });
      },
      list: function (collection) {
        return attempt(function () {
          checkName("collection", collection);
          return call("GET", url(collection)).then(function (body) { return (body && body.data) || []; });
        });
      },
      remove: function (collection, key) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          return call("DELETE", url(collection, key)).then(function () {
            changed(collection, { key: key, data: null });
          });
        });
      },
      open: open,
      close: function (topic) {
        clearTimeout(topic.timer);
        if (topic.source) topic.source.close();
      }
    };
  }

  function local() {
    var memory = {};
    var channel = null;
    var last = 0;
    // Served pages each have their own origin; pages opened from disk may share one, so the file names the store.
    var store = location.protocol === "file:" ? "quire:" + location.pathname : "quire";
    try { channel = new BroadcastChannel(store); } catch (e) { channel = null; }
    // IndexedDB, or memory when it cannot be opened (an opaque origin, a sandbox without same-origin).
    var ready = new Promise(function (resolve) {
      var settled = false;
      var done = function (value) { if (!settled) { settled = true; resolve(value); } };
      setTimeout(function () { done(null); }, 2000);
      try {
        var request = indexedDB.open(store, 1);
        request.onupgradeneeded = function () {
          var store = request.result.createObjectStore("records", { keyPath: ["c", "k"] });
          store.createIndex("c", "c");
        };
        request.onsuccess = function () { done(request.result); };
        request.onerror = function () { done(null); };
        request.onblocked = function () { done(null); };
      } catch (e) {
        done(null);
      }
    });
    function wait(request) {
      return new Promise(function (resolve, reject) {
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    function finished(tx) {
      return new Promise(function (resolve, reject) {
        tx.oncomplete = function () { resolve(); };
        tx.onerror = tx.onabort = function () { reject(tx.error || fail("storage_failed", "The browser could not save.")); };
      });
    }
    function out(row) { return { key: row.k, data: row.data, updated_at: row.updated_at }; }
    function sorted(rows) {
      return rows.sort(function (a, b) { return b.t - a.t; }).map(out);
    }
    function refresh(collection) {
      var topic = topics[collection];
      if (!topic) return;
      readAll(collection).then(function (list) {
        if (topic.closed) return;
        topic.list = list;
        notify(topic);
      });
    }
    function readAll(collection) {
      return ready.then(function (idb) {
        if (!idb) {
          return sorted(Object.keys(memory).map(function (id) { return memory[id]; }).filter(function (r) { return r.c === collection; }));
        }
        var store = idb.transaction("records", "readonly").objectStore("records");
        return wait(store.index("c").getAll(IDBKeyRange.only(collection))).then(sorted);
      });
    }
    function tell(collection, key, row) {
      if (channel) channel.postMessage({ c: collection, k: key, row: row });
      refresh(collection);
    }
    if (channel) {
      channel.onmessage = function (event) {
        var m = event.data || {};
        ready.then(function (idb) {
          if (!idb) {
            if (m.row) memory[m.c + "\u0000" + m.k] = m.row;
            else delete memory[m.c + "\u0000" + m.k];
          }
          refresh(m.c);
        });
      };
    }
    return {
      mode: "local",
      set: function (collection, key, data) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          var text = encode(data);
          last = Math.max(Date.now(), last + 1);
          var row = { c: collection, k: key, data: JSON.parse(text), t: last, updated_at: new Date(last).toISOString() };
          return ready.then(function (idb) {
            if (!idb) {
              var id = collection + "\u0000" + key;
              if (!(id in memory) && Object.keys(memory).length >= MAX_RECORDS) throw fail("too_many_records", "This page keeps at most 5,000 records.");
              memory[id] = row;
              return;
            }
            var tx = idb.transaction("records", "readwrite");
            var store = tx.objectStore("records");
            var done = finished(tx);
            // An abort below rejects `done` as well; the caller hears of it through the thrown error.
            done.catch(function () {});
            return wait(store.getKey([collection, key])).then(function (existing) {
              if (existing !== undefined) return;
              return wait(store.count()).then(function (count) {
                if (count >= MAX_RECORDS) {
                  tx.abort();
                  throw fail("too_many_records", "This page keeps at most 5,000 records.");
                }
              });
            }).then(function () {
              store.put(row);
              return done;
            });
          }).then(function () {
            tell(collection, key, row);
            return out(row);
          });
        });
      },
      get: function (collection, key) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          return ready.then(function (idb) {
            if (!idb) {
              var row = memory[collection + "\u0000" + key];
              return row ? row.data : null;
            }
            return wait(idb.transaction("records", "readonly").objectStore("records").get([collection, key])).then(function (found) {
              return found ? found.data : null;
            });
          });
        });
      },
      list: function (collection) {
        return attempt(function () {
          checkName("collection", collection);
          return readAll(collection);
        });
      },
      remove: function (collection, key) {
        return attempt(function () {
          checkName("collection", collection);
          checkName("key", key);
          return ready.then(function (idb) {
            if (!idb) {
              delete memory[collection + "\u0000" + key];
              return;
            }
            var tx = idb.transaction("records", "readwrite");
            tx.objectStore("records").delete([collection, key]);
            return finished(tx);
          }).then(function () {
            tell(collection, key, null);
          });
        });
      },
      open: function (topic) {
        setStatus("local");
        refresh(topic.collection);
      },
      close: function () {}
    };
  }

  var backend = cfg.storage === "shared" ? shared() : local();
  var db = {
    status: backend.mode === "shared" ? "connecting" : "local",
    set: backend.set,
    get: backend.get,
    list: backend.list,
    "delete": backend.remove,
    subscribe: function (collection, callback) {
      checkName("collection", collection);
      if (typeof callback !== "function") throw fail("input_invalid", "subscribe needs a callback function.");
      var topic = topics[collection];
      if (!topic) {
        topic = topics[collection] = { collection: collection, subs: new Set(), list: null, pending: [], during: [], loading: 0, generation: 0, failures: 0, closed: false, fatal: false };
        backend.open(topic);
      } else if (topic.list) {
        Promise.resolve().then(function () { if (topic.subs.has(callback)) deliver(topic, callback); });
      }
      topic.subs.add(callback);
      return function unsubscribe() {
        if (!topic.subs.delete(callback) || topic.subs.size > 0) return;
        topic.closed = true;
        backend.close(topic);
        if (topics[collection] === topic) delete topics[collection];
      };
    }
  };
  window.service = window.service || {};
  window.service.db = db;
  window.service.storage = backend.mode;
})();
