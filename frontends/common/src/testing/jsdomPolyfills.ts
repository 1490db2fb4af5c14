// jsdom lacks a few browser APIs that antd uses; component tests import this first.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof window !== 'undefined') {
  // react-router reads these at import time.
  globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
  globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
  // antd's rc-component utilities schedule with it.
  globalThis.MessageChannel ??= class {
    port1: { onmessage: ((event: { data: unknown }) => void) | null; close: () => void } = {
      onmessage: null,
      close: () => undefined,
    };
    port2 = {
      postMessage: (data: unknown) => setTimeout(() => this.port1.onmessage?.({ data }), 0),
      close: () => undefined,
    };
  } as unknown as typeof globalThis.MessageChannel;

  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  // jsdom does not implement pseudo-elements; antd measures the scrollbar through one.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

export {};

// @ant-design/icons' CommonJS build requires the ES build of @ant-design/colors/es/generate, which
// jest (CommonJS) cannot load; its CommonJS twin is the same code.
jest.mock('@ant-design/colors/es/generate', () => jest.requireActual('@ant-design/colors/lib/generate'));
