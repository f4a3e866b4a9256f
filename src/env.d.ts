/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** What the <Midpoint /> marker of the article being rendered shows. */
    midpoint?: { signup: boolean; ad: boolean };
    /** Tables rendered so far on this page (names each table's scroll region uniquely). */
    tables?: number;
  }
}
