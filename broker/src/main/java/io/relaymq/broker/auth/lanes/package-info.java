/**
 * Authentication lanes: how much hashing work clients that are not yet authenticated can cause. A failure
 * back-off per address and per credentials in front of bcrypt, and bounded, per-address hash lanes.
 */
package io.relaymq.broker.auth.lanes;
