/**
 * The bench jar's entry point: {@link io.hotpath.bench.Main} dispatches to the tools by their first argument.
 */
package io.hotpath.bench;
