// What visitors perceive, as the browser tests hold it: a measurement a person would notice fails a
// test, while the noise of rendering (a layout shift of 0.0000034 from sub-pixel rounding) does not.

/**
 * Lighthouse's and Core Web Vitals' "good" Cumulative Layout Shift: a page at or under it is not
 * seen to move. Lighthouse scores the layout-shift audit 1 up to here.
 */
export const goodLayoutShift = 0.1;
