/**
 * Stands in for @algolia/events (a copy of Node's EventEmitter of 2015) in the search island's
 * browser bundle (src/search/browser/bundle-stand-ins.ts; CommonJS, as algoliasearch-helper
 * requires it and InstantSearch extends it). It keeps what the libraries use: on/addListener,
 * once, emit (an 'error' nobody listens to throws), removeListener, removeAllListeners and
 * setMaxListeners, with the same order and the same listener list copied for each emit. It leaves
 * out the 'newListener'/'removeListener' events, which nothing listens to, and the console
 * warning past a number of listeners. About 0.9 KB gzip less on every search page;
 * bundle-stand-ins.test.ts runs both emitters through the same calls.
 */
'use strict';

/** @typedef {(...args: unknown[]) => void} Listener */
/** @typedef {Listener & { listener?: Listener }} Registered */

function mustBeFunction(/** @type {unknown} */ listener) {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
}

class EventEmitter {
  constructor() {
    /** @type {Record<string, Registered[]> | undefined} */
    this._events = this._events || {};
  }

  // The helper inherits the prototype without calling the constructor: listeners start on first use.
  /** @returns {Record<string, Registered[]>} */
  eventsOf() {
    return this._events || (this._events = {});
  }

  setMaxListeners() {
    return this;
  }

  /** @param {string} type @param {unknown[]} args */
  emit(type, ...args) {
    const listeners = this.eventsOf()[type];
    if (!listeners || listeners.length === 0) {
      if (type !== 'error') return false;
      const cause = args[0];
      if (cause instanceof Error) throw cause;
      throw Object.assign(new Error(`Uncaught, unspecified "error" event. (${String(cause)})`), { context: cause });
    }
    for (const listener of listeners.slice()) listener.apply(this, args);
    return true;
  }

  /** @param {string} type @param {Registered} listener */
  addListener(type, listener) {
    mustBeFunction(listener);
    const events = this.eventsOf();
    (events[type] ??= []).push(listener);
    return this;
  }

  /** @param {string} type @param {Registered} listener */
  on(type, listener) {
    return this.addListener(type, listener);
  }

  /** @param {string} type @param {Listener} listener */
  once(type, listener) {
    mustBeFunction(listener);
    let fired = false;
    /** @type {Registered} */
    const onceWrapper = (...args) => {
      this.removeListener(type, onceWrapper);
      if (!fired) {
        fired = true;
        listener.apply(this, args);
      }
    };
    onceWrapper.listener = listener;
    return this.on(type, onceWrapper);
  }

  /** @param {string} type @param {Listener} listener */
  removeListener(type, listener) {
    mustBeFunction(listener);
    const events = this.eventsOf();
    const listeners = events[type];
    if (!listeners) return this;
    // The most recently added match goes, as Node's emitter does.
    for (let i = listeners.length - 1; i >= 0; i -= 1) {
      if (listeners[i] === listener || listeners[i]?.listener === listener) {
        listeners.splice(i, 1);
        break;
      }
    }
    if (listeners.length === 0) delete events[type];
    return this;
  }

  /** @param {string} [type] */
  removeAllListeners(type) {
    if (type === undefined) this._events = {};
    else delete this.eventsOf()[type];
    return this;
  }
}

module.exports = EventEmitter;
