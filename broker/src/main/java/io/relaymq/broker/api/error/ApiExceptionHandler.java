package io.relaymq.broker.api.error;

import io.relaymq.dao.jdbc.Jdbc;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.validation.ConstraintViolationException;
import java.util.NoSuchElementException;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.HandlerMethodValidationException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;

/**
 * Every API error as {@code application/problem+json} with a message that says what was wrong. Client
 * errors are logged once at INFO with the request line; unexpected ones once at ERROR with the stack.
 */
@RestControllerAdvice(basePackages = "io.relaymq.broker.api")
public class ApiExceptionHandler extends ResponseEntityExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ApiExceptionHandler.class);

    @ExceptionHandler({IllegalArgumentException.class, ConstraintViolationException.class})
    ResponseEntity<Object> badRequest(RuntimeException e, HttpServletRequest request) {
        return problem(HttpStatus.BAD_REQUEST, e.getMessage(), request);
    }

    @ExceptionHandler({ApiNotFoundException.class, NoSuchElementException.class})
    ResponseEntity<Object> notFound(RuntimeException e, HttpServletRequest request) {
        return problem(HttpStatus.NOT_FOUND, e.getMessage(), request);
    }

    @ExceptionHandler(AuthenticationException.class)
    ResponseEntity<Object> unauthorized(AuthenticationException e, HttpServletRequest request) {
        return problem(HttpStatus.UNAUTHORIZED, e.getMessage(), request);
    }

    @ExceptionHandler(ApiConflictException.class)
    ResponseEntity<Object> conflict(ApiConflictException e, HttpServletRequest request) {
        return problem(HttpStatus.CONFLICT, e.getMessage(), request);
    }

    @ExceptionHandler(ApiTooManyRequestsException.class)
    ResponseEntity<Object> tooMany(ApiTooManyRequestsException e, HttpServletRequest request) {
        log.info("API {} {} -> 429: {}", request.getMethod(), request.getRequestURI(), e.getMessage());
        return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
                .header(
                        HttpHeaders.RETRY_AFTER,
                        Long.toString(Math.max(1, e.retryAfter().toSeconds())))
                .body(ProblemDetail.forStatusAndDetail(HttpStatus.TOO_MANY_REQUESTS, e.getMessage()));
    }

    @ExceptionHandler(Jdbc.DataAccessException.class)
    ResponseEntity<Object> database(Jdbc.DataAccessException e, HttpServletRequest request) {
        log.error("API {} {} failed on PostgreSQL", request.getMethod(), request.getRequestURI(), e);
        return ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
                .body(ProblemDetail.forStatusAndDetail(
                        HttpStatus.SERVICE_UNAVAILABLE, "the database is not available"));
    }

    @ExceptionHandler(Exception.class)
    ResponseEntity<Object> unexpected(Exception e, HttpServletRequest request) {
        log.error("API {} {} failed", request.getMethod(), request.getRequestURI(), e);
        return ResponseEntity.status(HttpStatus.INTERNAL_SERVER_ERROR)
                .body(ProblemDetail.forStatusAndDetail(
                        HttpStatus.INTERNAL_SERVER_ERROR, "internal error; see the node's log"));
    }

    @Override
    protected ResponseEntity<Object> handleMethodArgumentNotValid(
            MethodArgumentNotValidException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String detail = ex.getBindingResult().getFieldErrors().stream()
                .map(f -> f.getField() + " " + f.getDefaultMessage())
                .sorted()
                .collect(Collectors.joining("; "));
        return handleExceptionInternal(ex, ProblemDetail.forStatusAndDetail(status, detail), headers, status, request);
    }

    /** Says what in the body could not be read (malformed JSON, a wrong type, an unknown enum value). */
    @Override
    protected ResponseEntity<Object> handleHttpMessageNotReadable(
            HttpMessageNotReadableException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Throwable cause = ex.getMostSpecificCause();
        String reason = cause.getMessage() == null
                ? cause.getClass().getSimpleName()
                : cause.getMessage()
                        .lines()
                        .findFirst()
                        .orElse("")
                        .replaceAll(" \\(set `DeserializationFeature.*$", "");
        return handleExceptionInternal(
                ex,
                ProblemDetail.forStatusAndDetail(status, "unreadable request body: " + reason),
                headers,
                status,
                request);
    }

    @Override
    protected ResponseEntity<Object> handleHandlerMethodValidationException(
            HandlerMethodValidationException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        String detail = ex.getParameterValidationResults().stream()
                .flatMap(r -> r.getResolvableErrors().stream()
                        .map(e -> r.getMethodParameter().getParameterName() + " " + e.getDefaultMessage()))
                .sorted()
                .collect(Collectors.joining("; "));
        return handleExceptionInternal(ex, ProblemDetail.forStatusAndDetail(status, detail), headers, status, request);
    }

    /** Spring's own client errors (validation, unreadable body, wrong parameter types) are logged once as well. */
    @Override
    protected ResponseEntity<Object> handleExceptionInternal(
            Exception ex, Object body, HttpHeaders headers, HttpStatusCode statusCode, WebRequest request) {
        log.info("API {} -> {}: {}", request.getDescription(false), statusCode.value(), ex.getMessage());
        return super.handleExceptionInternal(ex, body, headers, statusCode, request);
    }

    private static ResponseEntity<Object> problem(HttpStatus status, String detail, HttpServletRequest request) {
        log.info("API {} {} -> {}: {}", request.getMethod(), request.getRequestURI(), status.value(), detail);
        return ResponseEntity.status(status).body(ProblemDetail.forStatusAndDetail(status, detail));
    }
}
