/**
 * Overload protection: connection admission (rate, count, memory pressure, drain) and per-client publish
 * rates, so one client or a flood cannot take a node down or starve the others.
 */
package io.relaymq.broker.limits;
