package io.relaymq.broker.auth.provider;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/** Reads a PEM "PUBLIC KEY" (X.509 SubjectPublicKeyInfo, RSA or EC). */
final class PemPublicKeys {

    private PemPublicKeys() {}

    static PublicKey parse(String pem) {
        String base64 = pem.replace("-----BEGIN PUBLIC KEY-----", "")
                .replace("-----END PUBLIC KEY-----", "")
                .replaceAll("\\s", "");
        byte[] der;
        try {
            der = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("publicPemKey is not a PEM public key");
        }
        PublicKey key = decode(der, "RSA");
        if (key == null) {
            key = decode(der, "EC");
        }
        if (key instanceof RSAPublicKey || key instanceof ECPublicKey) {
            return key;
        }
        throw new IllegalArgumentException("publicPemKey must be an RSA or EC public key");
    }

    private static PublicKey decode(byte[] der, String algorithm) {
        try {
            return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException notThisAlgorithm) {
            return null;
        }
    }
}
