/**
 * The release machinery: the API compatibility check that {@code ./hotpath test} runs after the libraries are built
 * ({@link io.hotpath.release.ApiCheck}, around japicmp-maven-plugin), and the checks and API baseline of
 * {@code ./hotpath release} ({@link io.hotpath.release.Release}).
 * <p>
 * Package rules: a build tool, never published and never on a service's class path; each step is a {@code main} the
 * build or the launcher runs once, on one thread. What it reads is the project's own: {@code api/} (one folder of API
 * jars per release), {@code CHANGELOG.md}, japicmp's XML reports and the bundle {@code mvn deploy} wrote. A check
 * that fails says what is wrong and what to do, and prints the details before it throws.
 */
package io.hotpath.release;
