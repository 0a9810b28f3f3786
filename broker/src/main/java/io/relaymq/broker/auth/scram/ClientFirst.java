package io.relaymq.broker.auth.scram;

/**
 * A parsed client-first-message.
 *
 * @param user  the user name, its {@code =2C} and {@code =3D} decoded
 * @param nonce the client's nonce
 * @param bare  client-first-message-bare as sent, part of the AuthMessage
 */
public record ClientFirst(String user, String nonce, String bare) {}
