/*
 * Quire artifact widgets: draws every [data-widget] element of the page from its JSON settings and keeps it live
 * through window.service.db only. Stored values are always written with textContent, never as HTML.
 * The class names below are Tailwind utilities; the page builder scans this file for them.
 */
(function () {
  "use strict";
  var db = window.service.db;
  var FIELD = "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 focus:border-accent-500 focus:ring-3 focus:ring-accent-500/15 focus:outline-none";
  var BUTTON = "inline-flex items-center justify-center gap-2 rounded-lg bg-accent-600 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-accent-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:cursor-not-allowed disabled:opacity-60";
  var ROUND = "inline-flex size-11 items-center justify-center rounded-full border border-slate-200 bg-white text-xl font-semibold text-slate-700 shadow-xs transition hover:border-accent-300 hover:bg-accent-50 hover:text-accent-700 active:scale-95 disabled:opacity-40";
  var EMPTY = "rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-500";
  var NOTE_OK = "text-sm font-medium text-emerald-600";
  var NOTE_ERROR = "text-sm font-medium text-rose-600";
  var NOTE_QUIET = "text-sm text-slate-500";
  var MESSAGES = {
    record_too_large: "That is too much to save at once (16 KB at most).",
    too_many_records: "This page is full: it keeps at most 5,000 entries.",
    rate_limited: "Too many changes at once. Try again in a minute.",
    link_expired: "This link has expired.",
    unauthorized: "This link is no longer valid.",
    input_invalid: "That could not be saved.",
    network: "Could not reach the server. Check your connection."
  };
  var uid = 0;

  function h(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined && text !== null) el.textContent = String(text);
    return el;
  }
  function explain(error) {
    var code = error && error.code;
    return MESSAGES[code] || "Something went wrong" + (code ? " (" + code + ")" : "") + ".";
  }
  function newKey() {
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 8);
  }
  function subscribe(collection, callback) {
    try { return db.subscribe(collection, callback); } catch (e) { console.error(e); return function () {}; }
  }
  function plural(n, one, many) { return n.toLocaleString() + " " + (n === 1 ? one : many); }
  function formatNumber(n) {
    return Number.isInteger(n) ? n.toLocaleString() : n.toLocaleString(undefined, { maximumFractionDigits: 2 });
  }
  function isDay(value) { return typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value); }
  function show(value) {
    if (value === true) return "✓";
    if (value === false || value === null || value === undefined || value === "") return "—";
    if (typeof value === "number") return formatNumber(value);
    if (isDay(value) && window.dayjs) return window.dayjs(value).format("MMM D, YYYY");
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  }
  function ago(iso) {
    if (window.dayjs && window.dayjs.prototype.fromNow) return window.dayjs(iso).fromNow();
    var seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
    var rtf = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });
    if (Math.abs(seconds) < 60) return rtf.format(seconds, "second");
    if (Math.abs(seconds) < 3600) return rtf.format(Math.round(seconds / 60), "minute");
    if (Math.abs(seconds) < 86400) return rtf.format(Math.round(seconds / 3600), "hour");
    return rtf.format(Math.round(seconds / 86400), "day");
  }
  function dayKey(date) {
    return date.getFullYear() + "-" + String(date.getMonth() + 1).padStart(2, "0") + "-" + String(date.getDate()).padStart(2, "0");
  }
  function note(el, cls, text) {
    el.className = cls;
    el.textContent = text;
  }
  // Groups records by a field (or by day when there is none) and measures each group, in a stable order.
  function group(list, cfg) {
    var totals = {}, counts = {}, order = (cfg.order || []).slice();
    list.forEach(function (record) {
      var data = record.data && typeof record.data === "object" ? record.data : { value: record.data };
      var label = cfg.by ? data[cfg.by] : record.updated_at.slice(0, 10);
      label = label === true ? "Yes" : label === false ? "No" : label === undefined || label === null || label === "" ? "(none)" : String(label);
      if (!(label in totals)) {
        totals[label] = 0;
        counts[label] = 0;
        if (order.indexOf(label) < 0) order.push(label);
      }
      var measured = cfg.measure.of === "count" ? 1 : Number(data[cfg.measure.field]);
      if (!isFinite(measured)) return;
      totals[label] += measured;
      counts[label] += 1;
    });
    var labels = order.slice(cfg.order ? cfg.order.length : 0);
    var numeric = labels.every(function (l) { return l !== "" && !isNaN(Number(l)); });
    labels.sort(function (a, b) {
      if (numeric) return Number(a) - Number(b);
      if (isDay(a) && isDay(b)) return a < b ? -1 : 1;
      return 0;
    });
    labels = (cfg.order || []).concat(labels);
    return {
      labels: labels,
      values: labels.map(function (l) {
        if (!(l in totals)) return 0;
        return cfg.measure.of === "average" ? (counts[l] ? totals[l] / counts[l] : 0) : totals[l];
      })
    };
  }
  function measureAll(list, measure) {
    if (measure.of === "count") return list.length;
    var sum = 0, n = 0;
    list.forEach(function (r) {
      var v = Number(r.data && r.data[measure.field]);
      if (isFinite(v)) { sum += v; n += 1; }
    });
    return measure.of === "sum" ? sum : n ? sum / n : 0;
  }

  var widgets = {
    form: function (root, cfg) {
      var two = cfg.fields.length > 3;
      var form = h("form", two ? "grid gap-4 sm:grid-cols-2" : "grid gap-4");
      var inputs = [];
      cfg.fields.forEach(function (field) {
        var id = "quire-field-" + (++uid);
        var wide = field.type === "textarea" || field.type === "checkbox";
        var box = h("div", wide && two ? "sm:col-span-2" : "");
        var input;
        if (field.type === "checkbox") {
          var row = h("label", "flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 transition hover:bg-slate-50");
          input = h("input", "size-4 accent-accent-600");
          input.type = "checkbox";
          row.append(input, h("span", "", field.label));
          box.append(row);
        } else {
          var label = h("label", "mb-1.5 block text-sm font-medium text-slate-700", field.label);
          label.htmlFor = id;
          if (field.required) label.append(h("span", "ml-0.5 text-rose-500", "*"));
          if (field.type === "select") {
            input = h("select", FIELD);
            var blank = h("option", "", field.placeholder || "Choose…");
            blank.value = "";
            input.append(blank);
            field.options.forEach(function (option) {
              var o = h("option", "", option);
              o.value = option;
              input.append(o);
            });
          } else if (field.type === "textarea") {
            input = h("textarea", FIELD + " min-h-24");
            input.rows = 3;
          } else {
            input = h("input", FIELD);
            input.type = field.type;
            if (field.type === "number") input.step = "any";
          }
          input.id = id;
          input.name = field.label;
          input.required = field.required;
          if (field.placeholder && field.type !== "select") input.placeholder = field.placeholder;
          box.append(label, input);
        }
        var pair = { field: field, input: input, edited: false };
        // A visitor may type the next entry while this one is saving: what they typed is kept when the save ends.
        input.addEventListener("input", function () { pair.edited = true; });
        input.addEventListener("change", function () { pair.edited = true; });
        inputs.push(pair);
        form.append(box);
      });
      var foot = h("div", two ? "flex flex-wrap items-center gap-3 pt-1 sm:col-span-2" : "flex flex-wrap items-center gap-3 pt-1");
      var button = h("button", BUTTON, cfg.submit);
      button.type = "submit";
      var status = h("p", NOTE_QUIET, "");
      status.setAttribute("role", "status");
      foot.append(button, status);
      form.append(foot);
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var data = {};
        inputs.forEach(function (pair) {
          pair.edited = false;
          if (pair.field.type === "checkbox") data[pair.field.label] = pair.input.checked;
          else {
            var value = pair.input.value.trim();
            if (value !== "") data[pair.field.label] = pair.field.type === "number" ? Number(value) : value;
          }
        });
        button.disabled = true;
        note(status, NOTE_QUIET, "Saving…");
        db.set(cfg.collection, newKey(), data).then(function () {
          inputs.forEach(function (pair) {
            if (pair.edited) return;
            if (pair.field.type === "checkbox") pair.input.checked = false;
            else pair.input.value = "";
          });
          note(status, NOTE_OK, "✓ " + cfg.done);
          setTimeout(function () { if (status.className === NOTE_OK) note(status, NOTE_QUIET, ""); }, 5000);
        }, function (error) {
          note(status, NOTE_ERROR, explain(error));
        }).then(function () {
          button.disabled = false;
        });
      });
      root.append(form);
    },

    list: function (root, cfg) {
      var head = h("div", "mb-3 flex items-center justify-between gap-3");
      var count = h("p", "text-sm font-medium text-slate-500", "");
      head.append(count);
      var frame = h("div", "overflow-x-auto rounded-xl ring-1 ring-slate-200");
      var empty = h("div", EMPTY, cfg.empty);
      var more = h("button", "mt-3 text-sm font-medium text-accent-600 hover:text-accent-700", "");
      more.type = "button";
      root.append(head, frame, empty, more);
      var records = [], limit = 50, seen = null;
      more.addEventListener("click", function () { limit += 200; draw(); });
      function columnsOf() {
        if (cfg.columns && cfg.columns.length) return cfg.columns;
        var found = [];
        records.forEach(function (r) {
          if (r.data && typeof r.data === "object" && !Array.isArray(r.data)) {
            Object.keys(r.data).forEach(function (k) { if (found.indexOf(k) < 0) found.push(k); });
          }
        });
        return found.length ? found : ["Value"];
      }
      function draw() {
        count.textContent = plural(records.length, "entry", "entries");
        empty.hidden = records.length > 0;
        frame.hidden = records.length === 0;
        more.hidden = records.length <= limit;
        more.textContent = "Show all " + records.length.toLocaleString();
        var columns = columnsOf();
        var table = h("table", "w-full text-left text-sm");
        var thead = h("thead", "bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-500");
        var hr = h("tr");
        columns.forEach(function (c) { hr.append(h("th", "whitespace-nowrap px-4 py-2.5", c)); });
        if (cfg.time) hr.append(h("th", "whitespace-nowrap px-4 py-2.5 text-right", "Added"));
        if (cfg.remove) hr.append(h("th", "w-10 px-2 py-2.5"));
        thead.append(hr);
        var tbody = h("tbody", "divide-y divide-slate-100 bg-white");
        records.slice(0, limit).forEach(function (record) {
          var fresh = seen && !seen[record.key];
          var tr = h("tr", fresh ? "bg-accent-50 transition-colors duration-1000" : "transition-colors duration-1000");
          var data = record.data && typeof record.data === "object" && !Array.isArray(record.data) ? record.data : { Value: record.data };
          columns.forEach(function (c, i) {
            var value = data[c];
            var cls = i === 0 ? "px-4 py-3 font-medium text-slate-900" : "px-4 py-3 text-slate-600";
            if (typeof value === "number") cls += " tabular-nums";
            if (value === true) cls += " text-emerald-600";
            tr.append(h("td", cls, show(value)));
          });
          if (cfg.time) tr.append(h("td", "whitespace-nowrap px-4 py-3 text-right text-xs text-slate-400", ago(record.updated_at)));
          if (cfg.remove) {
            var cell = h("td", "px-2 py-3 text-right");
            var x = h("button", "rounded-md px-2 py-1 text-slate-400 transition hover:bg-rose-50 hover:text-rose-600", "✕");
            x.type = "button";
            x.title = "Remove";
            x.setAttribute("aria-label", "Remove");
            x.addEventListener("click", function () { db.delete(cfg.collection, record.key).catch(function (e) { count.textContent = explain(e); }); });
            cell.append(x);
            tr.append(cell);
          }
          if (fresh) setTimeout(function () { tr.classList.remove("bg-accent-50"); }, 60);
          tbody.append(tr);
        });
        table.append(thead, tbody);
        frame.replaceChildren(table);
        seen = {};
        records.forEach(function (r) { seen[r.key] = true; });
      }
      draw();
      subscribe(cfg.collection, function (list) { records = list; draw(); });
      setInterval(function () { if (records.length && cfg.time) draw(); }, 30000);
    },

    vote: function (root, cfg) {
      var box = h("div", "space-y-2.5");
      var foot = h("p", "mt-4 text-sm text-slate-500", "");
      var chosen = null, records = [];
      var rows = cfg.options.map(function (option) {
        var button = h("button", "");
        button.type = "button";
        var bar = h("span", "absolute inset-y-0 left-0 rounded-r-lg bg-accent-100 transition-all duration-500 ease-out");
        bar.style.width = "0%";
        var name = h("span", "relative flex items-center gap-2", option);
        var mark = h("span", "relative hidden size-5 items-center justify-center rounded-full bg-accent-600 text-xs text-white", "✓");
        name.prepend(mark);
        var number = h("span", "relative text-sm tabular-nums text-slate-500", "");
        button.append(bar, name, number);
        button.addEventListener("click", function () {
          if (chosen !== null) return;
          chosen = option;
          draw();
          db.set(cfg.collection, newKey(), { option: option }).catch(function (error) {
            chosen = null;
            draw();
            note(foot, NOTE_ERROR, explain(error));
          });
        });
        box.append(button);
        return { option: option, button: button, bar: bar, mark: mark, number: number };
      });
      function draw() {
        var counts = {}, total = 0;
        records.forEach(function (r) {
          var o = r.data && r.data.option;
          if (cfg.options.indexOf(o) >= 0) { counts[o] = (counts[o] || 0) + 1; total += 1; }
        });
        var best = Math.max.apply(null, rows.map(function (row) { return counts[row.option] || 0; }));
        rows.forEach(function (row) {
          var n = counts[row.option] || 0;
          var pct = total ? Math.round((n / total) * 100) : 0;
          var mine = chosen === row.option;
          row.button.className = "relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-xl border px-4 py-3 text-left text-sm font-medium text-slate-800 transition " +
            (mine ? "border-accent-400 ring-2 ring-accent-500/20" : "border-slate-200 hover:border-accent-300 hover:shadow-sm") +
            (chosen !== null ? " cursor-default" : " cursor-pointer");
          row.bar.className = "absolute inset-y-0 left-0 transition-all duration-500 ease-out " + (n > 0 && n === best ? "bg-accent-100" : "bg-slate-100");
          row.bar.style.width = pct + "%";
          row.mark.className = mine ? "relative inline-flex size-5 items-center justify-center rounded-full bg-accent-600 text-xs text-white" : "relative hidden";
          row.number.textContent = total ? n + " · " + pct + "%" : "";
        });
        if (foot.className !== NOTE_ERROR || chosen !== null) {
          note(foot, "mt-4 text-sm text-slate-500", plural(total, "vote", "votes") + (chosen !== null ? " · You voted for " + chosen : " · Tap an option to vote"));
        }
      }
      root.append(box, foot);
      draw();
      subscribe(cfg.collection, function (list) { records = list; draw(); });
    },

    counter: function (root, cfg) {
      var wrap = h("div", "flex flex-col items-center gap-3 py-2");
      var row = h("div", "flex items-center gap-6");
      var minus = h("button", ROUND, "−");
      var plus = h("button", ROUND, "+");
      minus.type = plus.type = "button";
      minus.setAttribute("aria-label", "Less");
      plus.setAttribute("aria-label", "More");
      var number = h("div", "min-w-24 text-center text-5xl font-bold tracking-tight text-slate-900 tabular-nums", "0");
      row.append(minus, number, plus);
      wrap.append(row);
      if (cfg.label) wrap.append(h("p", "text-sm font-medium text-slate-500", cfg.label));
      var status = h("p", "text-sm text-rose-600", "");
      wrap.append(status);
      root.append(wrap);
      var value = 0;
      // The count is stored as one absolute value, so this tab sends one write at a time and then the latest value:
      // two PUTs in flight could land in either order, and the echo of an earlier one must not undo later clicks.
      var saved = 0;
      var sending = false;
      var remote = null;
      function draw() {
        number.textContent = formatNumber(value);
        minus.disabled = cfg.min !== undefined && cfg.min !== null && value - cfg.step < cfg.min;
      }
      function send() {
        if (sending || value === saved) return;
        sending = true;
        var sent = value;
        db.set(cfg.collection, "count", { value: sent }).then(function () {
          saved = sent;
          status.textContent = "";
        }, function (error) {
          // What was not stored goes back to what was, clicks made since included.
          value = saved;
          draw();
          status.textContent = explain(error);
        }).then(function () {
          sending = false;
          if (value !== saved) send();
          else if (remote !== null && remote !== value) { value = saved = remote; draw(); }
          remote = null;
        });
      }
      function change(delta) {
        value = value + delta;
        draw();
        send();
      }
      minus.addEventListener("click", function () { change(-cfg.step); });
      plus.addEventListener("click", function () { change(cfg.step); });
      draw();
      subscribe(cfg.collection, function (list) {
        var record = list.filter(function (r) { return r.key === "count"; })[0];
        var stored = record && record.data && typeof record.data.value === "number" ? record.data.value : 0;
        // While this tab's own clicks are on their way the stored value is behind them; it is taken once they land.
        if (sending || value !== saved) { remote = stored; return; }
        value = saved = stored;
        draw();
      });
    },

    stat: function (root, cfg) {
      var number = h("div", "text-4xl font-bold tracking-tight text-slate-900 tabular-nums", "–");
      root.append(number);
      if (cfg.label) root.append(h("p", "mt-1 text-sm font-medium text-slate-500", cfg.label));
      subscribe(cfg.collection, function (list) { number.textContent = formatNumber(measureAll(list, cfg.measure)); });
    },

    chart: function (root, cfg) {
      var frame = h("div", "relative h-64 sm:h-72");
      var canvas = h("canvas", "");
      canvas.setAttribute("role", "img");
      canvas.setAttribute("aria-label", "Chart");
      var empty = h("div", "absolute inset-0 flex items-center justify-center text-sm text-slate-400", "No data yet");
      frame.append(canvas, empty);
      root.append(frame);
      if (!window.Chart) { empty.textContent = "The chart could not be drawn."; return; }
      var round = cfg.chart === "pie" || cfg.chart === "doughnut";
      var palette = cfg.palette;
      window.Chart.defaults.font.family = getComputedStyle(document.body).fontFamily;
      window.Chart.defaults.color = "#64748b";
      var chart = new window.Chart(canvas, {
        type: cfg.chart,
        data: { labels: [], datasets: [] },
        options: {
          responsive: true,
          maintainAspectRatio: false,
          animation: { duration: 400 },
          plugins: { legend: { display: false, position: "bottom", labels: { usePointStyle: true, pointStyle: "circle", boxWidth: 8, boxHeight: 8, padding: 16 } } },
          scales: round ? {} : {
            x: { grid: { display: false }, border: { display: false }, ticks: { maxRotation: 0, autoSkipPadding: 12 } },
            y: { beginAtZero: true, border: { display: false }, grid: { color: "#eef2f7" }, ticks: { precision: 0 } }
          }
        }
      });
      var drawn = false;
      function draw(labels, series) {
        // Each label keeps its colour whatever else is shown.
        var colors = labels.map(function (_, j) { return palette[j % palette.length]; });
        if (round && series.length === 1) {
          // A slice of nothing would still draw its border as a stray line.
          var keep = labels.map(function (_, i) { return series[0].data[i] !== 0; });
          var only = function (_, i) { return keep[i]; };
          labels = labels.filter(only);
          colors = colors.filter(only);
          series = [{ label: series[0].label, data: series[0].data.filter(only) }];
        }
        chart.data.labels = labels;
        chart.data.datasets = series.map(function (s, i) {
          var color = palette[i % palette.length];
          var set = { label: s.label, data: s.data };
          if (round) {
            set.backgroundColor = colors;
            set.borderColor = "#ffffff";
            set.borderWidth = 2;
          } else if (cfg.chart === "line") {
            set.borderColor = color;
            set.backgroundColor = color + "1f";
            set.fill = series.length === 1;
            set.tension = 0.35;
            set.pointRadius = 3;
            set.pointBackgroundColor = color;
          } else {
            set.backgroundColor = color;
            set.borderRadius = 6;
            set.maxBarThickness = 56;
          }
          return set;
        });
        chart.options.plugins.legend.display = round || series.length > 1;
        // The first drawing is not animated, so a screenshot taken at load (the previews) shows the whole chart.
        chart.update(drawn ? undefined : "none");
        drawn = true;
        empty.hidden = labels.length > 0;
      }
      if (cfg.table) {
        draw(cfg.table.labels, cfg.table.datasets);
        return;
      }
      var name = cfg.measure.of === "count" ? "Count" : (cfg.measure.of === "sum" ? "Total " : "Average ") + cfg.measure.field;
      subscribe(cfg.collection, function (list) {
        var grouped = group(list, cfg);
        var any = list.length > 0;
        draw(any ? grouped.labels : [], [{ label: name, data: any ? grouped.values : [] }]);
      });
    },

    todo: function (root, cfg) {
      var head = h("div", "mb-3 flex items-center gap-3");
      var progress = h("div", "h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100");
      var fill = h("div", "h-full rounded-full bg-accent-500 transition-all duration-500");
      fill.style.width = "0%";
      progress.append(fill);
      var count = h("p", "text-sm font-medium tabular-nums text-slate-500", "");
      head.append(progress, count);
      var list = h("ul", "divide-y divide-slate-100");
      var empty = h("div", EMPTY, "Nothing to do. Add something below.");
      var form = h("form", "mt-3 flex gap-2");
      var input = h("input", FIELD + " flex-1");
      input.placeholder = cfg.placeholder;
      input.maxLength = 500;
      input.setAttribute("aria-label", cfg.placeholder);
      var add = h("button", BUTTON, "Add");
      add.type = "submit";
      form.append(input, add);
      var status = h("p", "mt-2 text-sm text-rose-600", "");
      root.append(head, list, empty, form, status);
      var stored = {};
      function fail(error) { status.textContent = explain(error); }
      function items() {
        var all = cfg.items.map(function (item, i) {
          var key = "item-" + (i + 1);
          var s = stored[key];
          return { key: key, text: item.text, done: s ? !!s.done : item.done, removed: s ? !!s.removed : false, order: i, seed: true };
        });
        Object.keys(stored).forEach(function (key) {
          if (/^item-\d+$/.test(key)) return;
          var s = stored[key];
          if (s && typeof s.text === "string") all.push({ key: key, text: s.text, done: !!s.done, removed: false, order: 1e15 + (s.created || 0), seed: false });
        });
        return all.filter(function (i) { return !i.removed; }).sort(function (a, b) { return a.order - b.order; });
      }
      function draw() {
        var all = items();
        var done = all.filter(function (i) { return i.done; }).length;
        count.textContent = done + " of " + all.length + " done";
        fill.style.width = (all.length ? Math.round((done / all.length) * 100) : 0) + "%";
        empty.hidden = all.length > 0;
        list.replaceChildren.apply(list, all.map(function (item) {
          var li = h("li", "flex items-center gap-3 py-2.5");
          var box = h("input", "size-4 shrink-0 cursor-pointer accent-accent-600");
          box.type = "checkbox";
          box.checked = item.done;
          box.setAttribute("aria-label", item.text);
          box.addEventListener("change", function () {
            db.set(cfg.collection, item.key, { text: item.text, done: box.checked, created: item.seed ? 0 : (stored[item.key] || {}).created || Date.now() }).catch(fail);
          });
          var text = h("span", item.done ? "flex-1 text-sm text-slate-400 line-through" : "flex-1 text-sm text-slate-800", item.text);
          var x = h("button", "rounded-md px-2 py-1 text-sm text-slate-300 transition hover:bg-rose-50 hover:text-rose-600", "✕");
          x.type = "button";
          x.setAttribute("aria-label", "Remove " + item.text);
          x.addEventListener("click", function () {
            (item.seed ? db.set(cfg.collection, item.key, { text: item.text, removed: true }) : db.delete(cfg.collection, item.key)).catch(fail);
          });
          li.append(box, text, x);
          return li;
        }));
      }
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var text = input.value.trim();
        if (!text) return;
        add.disabled = true;
        db.set(cfg.collection, newKey(), { text: text, done: false, created: Date.now() }).then(function () {
          // Only if it still holds what was saved: a task typed during the save stays.
          if (input.value.trim() === text) input.value = "";
          status.textContent = "";
        }, fail).then(function () { add.disabled = false; input.focus(); });
      });
      draw();
      subscribe(cfg.collection, function (records) {
        stored = {};
        records.forEach(function (r) { stored[r.key] = r.data || {}; });
        draw();
      });
    },

    habits: function (root, cfg) {
      var frame = h("div", "overflow-x-auto");
      root.append(frame);
      var used = {};
      var habits = cfg.habits.map(function (name, i) {
        var base = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 40) || "habit-" + (i + 1);
        var key = base;
        for (var n = 2; used[key]; n++) key = base + "-" + n;
        used[key] = true;
        return { name: name, key: key };
      });
      var days = [];
      for (var d = cfg.days - 1; d >= 0; d--) {
        var date = new Date();
        date.setHours(12, 0, 0, 0);
        date.setDate(date.getDate() - d);
        days.push(date);
      }
      var done = {};
      function streak(habit) {
        var n = 0;
        var date = new Date();
        date.setHours(12, 0, 0, 0);
        if (!done[habit.key + "." + dayKey(date)]) date.setDate(date.getDate() - 1);
        while (done[habit.key + "." + dayKey(date)]) { n += 1; date.setDate(date.getDate() - 1); }
        return n;
      }
      function draw() {
        var table = h("table", "w-full border-separate border-spacing-y-1.5 text-sm");
        var head = h("tr");
        head.append(h("th", "sticky left-0 z-10 bg-white pr-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500", "Habit"));
        days.forEach(function (date, i) {
          var th = h("th", "px-1 text-center text-xs font-medium text-slate-500");
          var today = i === days.length - 1;
          th.append(h("div", today ? "font-semibold text-accent-600" : "", window.dayjs ? window.dayjs(date).format("dd") : date.toLocaleDateString(undefined, { weekday: "narrow" })));
          th.append(h("div", today ? "font-semibold text-accent-600" : "text-slate-400", date.getDate()));
          head.append(th);
        });
        head.append(h("th", "pl-3 text-right text-xs font-semibold uppercase tracking-wide text-slate-500", "Streak"));
        var thead = h("thead");
        thead.append(head);
        var tbody = h("tbody");
        habits.forEach(function (habit) {
          var tr = h("tr");
          tr.append(h("td", "sticky left-0 z-10 min-w-28 bg-white pr-3 font-medium text-slate-800", habit.name));
          days.forEach(function (date) {
            var key = habit.key + "." + dayKey(date);
            var on = !!done[key];
            var td = h("td", "px-0.5 text-center sm:px-1");
            var b = h("button", on
              ? "inline-flex size-7 items-center justify-center rounded-full bg-accent-600 text-sm text-white shadow-sm transition hover:bg-accent-700 sm:size-8"
              : "inline-flex size-7 items-center justify-center rounded-full bg-white text-sm text-transparent ring-1 ring-slate-200 transition hover:bg-accent-50 hover:ring-accent-300 sm:size-8", "✓");
            b.type = "button";
            b.setAttribute("aria-pressed", on ? "true" : "false");
            b.setAttribute("aria-label", habit.name + " " + dayKey(date));
            b.addEventListener("click", function () {
              var action = on ? db.delete(cfg.collection, key) : db.set(cfg.collection, key, { habit: habit.name, day: dayKey(date) });
              action.catch(function (error) { status.textContent = explain(error); });
            });
            td.append(b);
            tr.append(td);
          });
          var s = streak(habit);
          tr.append(h("td", "whitespace-nowrap pl-3 text-right tabular-nums " + (s > 0 ? "font-semibold text-amber-600" : "text-slate-400"), s === 1 ? "1 day" : s + " days"));
          tbody.append(tr);
        });
        table.append(thead, tbody);
        frame.replaceChildren(table);
        // On a narrow screen the table scrolls; today, at the right end, is the column to see.
        frame.scrollLeft = frame.scrollWidth;
      }
      var status = h("p", "mt-2 text-sm text-rose-600", "");
      root.append(status);
      draw();
      subscribe(cfg.collection, function (list) {
        done = {};
        list.forEach(function (r) { done[r.key] = true; });
        draw();
      });
    }
  };

  // The header's storage badge follows the runtime's state: live, reconnecting, or kept in this browser.
  var badge = document.querySelector("[data-quire-status]");
  var dot = document.querySelector("[data-quire-dot]");
  var footnote = document.querySelector("[data-quire-storage-note]");
  function status(state) {
    if (!badge) return;
    var text = {
      live: "Live · shared with everyone who has the link",
      connecting: "Connecting…",
      offline: "Offline · reconnecting",
      error: "Storage unavailable",
      expired: "This link has expired",
      local: "Saved in this browser only"
    }[state] || "";
    badge.textContent = text;
    if (dot) dot.className = "size-2 rounded-full " + (state === "live" ? "bg-emerald-400" : state === "local" ? "bg-sky-300" : state === "connecting" ? "bg-amber-300" : "bg-rose-400");
  }
  if (footnote) footnote.textContent = window.service.storage === "shared" ? "Entries are shared with everyone who has the link." : "Entries stay in this browser and are never sent anywhere.";
  window.addEventListener("quire:status", function (event) { status(event.detail); });
  status(db.status);

  var relative = window.dayjs && window.dayjs_plugin_relativeTime;
  if (relative) window.dayjs.extend(relative);
  Array.prototype.forEach.call(document.querySelectorAll("[data-widget]"), function (el) {
    try {
      widgets[el.getAttribute("data-widget")](el, JSON.parse(el.getAttribute("data-config")));
    } catch (e) {
      console.error("Quire widget:", e);
    }
  });
})();
