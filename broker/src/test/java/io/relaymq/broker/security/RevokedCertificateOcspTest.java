package io.relaymq.broker.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.netty.handler.codec.mqtt.MqttConnectReturnCode;
import io.relaymq.broker.auth.CertificateCheck;
import io.relaymq.broker.mqtt.ConnectReject;
import io.relaymq.broker.support.TestPki;
import io.relaymq.broker.transport.PkixClientCertificateValidator;
import io.relaymq.broker.transport.RevocationCheck;
import io.relaymq.broker.transport.TlsRevocationProperties;
import java.io.IOException;
import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.bouncycastle.asn1.x509.CRLReason;
import org.bouncycastle.cert.ocsp.BasicOCSPRespBuilder;
import org.bouncycastle.cert.ocsp.CertificateStatus;
import org.bouncycastle.cert.ocsp.OCSPReq;
import org.bouncycastle.cert.ocsp.OCSPRespBuilder;
import org.bouncycastle.cert.ocsp.Req;
import org.bouncycastle.cert.ocsp.RevokedStatus;
import org.bouncycastle.cert.ocsp.jcajce.JcaRespID;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Finding 4 of issue #18: revocation was never checked. With OCSP on, the client certificate's status is
 * asked of the responder at CONNECT: revoked is refused (5.0 0x87, 3.1.1 0x05), answers are cached for the
 * TTL, and an unreachable responder refuses (0x88/0x03) unless soft fail is on. The responder here is a
 * small in-test one that signs with the CA's key.
 */
class RevokedCertificateOcspTest {

    private final Set<BigInteger> revoked = ConcurrentHashMap.newKeySet();
    private final AtomicInteger requests = new AtomicInteger();
    private TestPki.Identity ca;
    private HttpServer responder;

    @BeforeEach
    void startResponder() throws Exception {
        ca = TestPki.ca("OCSP Test CA");
        responder = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        responder.createContext("/ocsp", this::answer);
        responder.start();
    }

    @AfterEach
    void stopResponder() {
        responder.stop(0);
    }

    @Test
    void aRevokedCertificateIsRefusedAndAGoodOneAccepted() throws Exception {
        var validator = validator(false);
        TestPki.Identity good = TestPki.client("ocsp-good", ca);
        TestPki.Identity bad = TestPki.client("ocsp-revoked", ca);
        revoked.add(bad.certificate().getSerialNumber());

        CertificateCheck refused = validator.validate("ocsp-revoked", List.of(bad.chain()));

        assertThat(refused.isValid()).isFalse();
        assertThat(refused.reject()).isEqualTo(ConnectReject.NOT_AUTHORIZED);
        assertThat(refused.reason()).contains("revoked");
        assertThat(refused.reject().code(true)).isEqualTo(MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED_5);
        assertThat(refused.reject().code(false)).isEqualTo(MqttConnectReturnCode.CONNECTION_REFUSED_NOT_AUTHORIZED);
        assertThat(validator.validate("ocsp-good", List.of(good.chain())).isValid())
                .isTrue();
    }

    @Test
    void answersAreCachedForTheTtl() throws Exception {
        var validator = validator(false);
        TestPki.Identity good = TestPki.client("ocsp-cached", ca);
        TestPki.Identity bad = TestPki.client("ocsp-cached-revoked", ca);
        revoked.add(bad.certificate().getSerialNumber());
        validator.validate("a", List.of(good.chain()));
        validator.validate("b", List.of(bad.chain()));
        int asked = requests.get();

        assertThat(validator.validate("a", List.of(good.chain())).isValid()).isTrue();
        assertThat(validator.validate("b", List.of(bad.chain())).isValid()).isFalse();
        assertThat(requests.get()).isEqualTo(asked).isEqualTo(2);
    }

    @Test
    void anUnreachableResponderRefusesUnlessSoftFailIsOn() throws Exception {
        TestPki.Identity device = TestPki.client("ocsp-unknown", ca);
        var hard = validator(false);
        var soft = validator(true);
        responder.stop(0);

        CertificateCheck refused = hard.validate("ocsp-unknown", List.of(device.chain()));

        assertThat(refused.reject()).isEqualTo(ConnectReject.SERVER_UNAVAILABLE);
        assertThat(soft.validate("ocsp-unknown", List.of(device.chain())).isValid())
                .isTrue();
    }

    private PkixClientCertificateValidator validator(boolean softFail) {
        String url = "http://127.0.0.1:" + responder.getAddress().getPort() + "/ocsp";
        var settings = new TlsRevocationProperties(
                new TlsRevocationProperties.Crl(false, null, Duration.ofMinutes(5)),
                new TlsRevocationProperties.Ocsp(true, url, softFail, Duration.ofMinutes(5)));
        return new PkixClientCertificateValidator(
                List.of(ca.certificate()), () -> false, new RevocationCheck(settings, Clock.systemUTC()));
    }

    /** Answers an OCSP request (GET with the request in the path, or POST) for certificates of {@code ca}. */
    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        try {
            byte[] der = "POST".equals(exchange.getRequestMethod())
                    ? exchange.getRequestBody().readAllBytes()
                    : Base64.getDecoder()
                            .decode(URLDecoder.decode(
                                    exchange.getRequestURI().getRawPath().substring("/ocsp/".length()),
                                    StandardCharsets.UTF_8));
            Instant now = Instant.now();
            BasicOCSPRespBuilder builder =
                    new BasicOCSPRespBuilder(new JcaRespID(ca.certificate().getSubjectX500Principal()));
            for (Req request : new OCSPReq(der).getRequestList()) {
                CertificateStatus status = revoked.contains(request.getCertID().getSerialNumber())
                        ? new RevokedStatus(Date.from(now.minusSeconds(60)), CRLReason.keyCompromise)
                        : CertificateStatus.GOOD;
                builder.addResponse(
                        request.getCertID(),
                        status,
                        Date.from(now.minusSeconds(60)),
                        Date.from(now.plusSeconds(3600)),
                        null);
            }
            byte[] body = new OCSPRespBuilder()
                    .build(
                            OCSPRespBuilder.SUCCESSFUL,
                            builder.build(
                                    new JcaContentSignerBuilder("SHA256withECDSA")
                                            .build(ca.keys().getPrivate()),
                                    null,
                                    new Date()))
                    .getEncoded();
            exchange.getResponseHeaders().add("Content-Type", "application/ocsp-response");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
        } catch (Exception e) {
            exchange.sendResponseHeaders(500, -1);
        } finally {
            exchange.close();
        }
    }
}
