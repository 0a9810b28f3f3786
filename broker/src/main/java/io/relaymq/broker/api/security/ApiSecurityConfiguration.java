package io.relaymq.broker.api.security;

import io.relaymq.broker.api.ApiProperties;
import io.relaymq.broker.api.admin.AdminUserService;
import io.relaymq.broker.api.settings.SecuritySettingsService;
import io.relaymq.dao.admin.AdminSettingsRepository;
import io.relaymq.dao.admin.AdminUserRepository;
import io.relaymq.dao.admin.LoginFailureRepository;
import io.relaymq.dao.admin.RefreshTokenRepository;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.web.cors.CorsConfiguration;
import org.springframework.web.cors.UrlBasedCorsConfigurationSource;
import tools.jackson.databind.ObjectMapper;

/**
 * The admin API's security: stateless, no sessions or CSRF (tokens are sent in headers, never cookies),
 * everything under {@code /api/**} for SYS_ADMIN tokens except login and refresh, the configured
 * actuator endpoints and (when enabled) the OpenAPI document open, everything else closed. The web
 * console's static files are open to GET (they hold no data: every call they make needs the token) and
 * served with a strict Content-Security-Policy.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(ApiProperties.class)
class ApiSecurityConfiguration {

    /**
     * The console's static files (index page, its modules and styles, the chart library's WebJar, the icon).
     * Only that WebJar: the others on the class path (Swagger UI's) stay closed.
     */
    static final String[] CONSOLE_PATHS = {"/", "/index.html", "/console/**", "/webjars/uplot/**", "/favicon.ico"};

    /** Only the node's own scripts, styles and connections; images also inline (data:); never framed. */
    static final String CONSOLE_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self' ws: wss:; frame-ancestors 'none'";

    @Bean
    AdminUserService adminUserService(AdminUserRepository repository, SecuritySettingsService security, Clock clock) {
        return new AdminUserService(repository, security, clock);
    }

    @Bean
    FirstAdmin firstAdmin(AdminUserService users, ApiProperties properties) {
        return new FirstAdmin(users, properties.firstAdmin());
    }

    @Bean
    JwtTokens jwtTokens(ApiProperties properties, AdminSettingsRepository settings, ObjectMapper json, Clock clock) {
        return new JwtTokens(
                SigningKeys.resolve(properties.jwt().signingKey(), settings, json, clock), properties.jwt(), clock);
    }

    @Bean
    LoginThrottle loginThrottle(LoginFailureRepository failures, ApiProperties properties, Clock clock) {
        return new LoginThrottle(failures, properties.login(), clock);
    }

    @Bean
    ClientAddresses clientAddresses(ApiProperties properties) {
        return new ClientAddresses(properties.trustedProxies());
    }

    @Bean
    AdminTokens adminTokens(JwtTokens jwt, RefreshTokenRepository refreshTokens, AdminUserService users, Clock clock) {
        return new AdminTokens(jwt, refreshTokens, users, clock);
    }

    /**
     * The web console's static files: GET only, without a token, under a Content-Security-Policy that lets
     * the pages run only the node's own scripts and styles and talk only to the node (HTTP and WebSocket).
     */
    @Bean
    @Order(Ordered.HIGHEST_PRECEDENCE)
    SecurityFilterChain consoleSecurity(HttpSecurity http) throws Exception {
        return http.securityMatcher(CONSOLE_PATHS)
                .csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .headers(h -> h.contentSecurityPolicy(c -> c.policyDirectives(CONSOLE_CSP)))
                .authorizeHttpRequests(a -> a.requestMatchers(HttpMethod.GET, CONSOLE_PATHS)
                        .permitAll()
                        .anyRequest()
                        .denyAll())
                .build();
    }

    @Bean
    SecurityFilterChain apiSecurity(
            HttpSecurity http, ApiProperties properties, JwtTokens tokens, AdminUserService users, ObjectMapper json)
            throws Exception {
        ProblemResponses problems = new ProblemResponses(json);
        List<String> open = new ArrayList<>(List.of("/error", "/api/noauth/**"));
        for (String endpoint : properties.publicActuator()) {
            open.add("/actuator/" + endpoint.strip());
            open.add("/actuator/" + endpoint.strip() + "/**");
        }
        if (properties.swaggerEnabled()) {
            open.addAll(List.of("/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**"));
        }
        return http.csrf(AbstractHttpConfigurer::disable)
                .httpBasic(AbstractHttpConfigurer::disable)
                .formLogin(AbstractHttpConfigurer::disable)
                .logout(AbstractHttpConfigurer::disable)
                .requestCache(AbstractHttpConfigurer::disable)
                .sessionManagement(s -> s.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .cors(c -> c.configurationSource(cors(properties.corsAllowedOrigins())))
                .authorizeHttpRequests(a -> a.requestMatchers(HttpMethod.OPTIONS, "/**")
                        .permitAll()
                        .requestMatchers(HttpMethod.POST, "/api/auth/login", "/api/auth/token")
                        .permitAll()
                        .requestMatchers(open.toArray(String[]::new))
                        .permitAll()
                        .requestMatchers("/api/**", "/actuator/**")
                        .hasAuthority("SYS_ADMIN")
                        .anyRequest()
                        .denyAll())
                .exceptionHandling(e -> e.authenticationEntryPoint(problems).accessDeniedHandler(problems))
                .addFilterBefore(
                        new JwtAuthenticationFilter(tokens, users, problems),
                        UsernamePasswordAuthenticationFilter.class)
                .build();
    }

    private static UrlBasedCorsConfigurationSource cors(List<String> allowedOrigins) {
        UrlBasedCorsConfigurationSource source = new UrlBasedCorsConfigurationSource();
        List<String> origins = allowedOrigins.stream()
                .map(String::strip)
                .filter(o -> !o.isEmpty())
                .toList();
        if (!origins.isEmpty()) {
            CorsConfiguration config = new CorsConfiguration();
            config.setAllowedOriginPatterns(origins);
            config.setAllowedMethods(List.of("GET", "POST", "PUT", "DELETE", "OPTIONS"));
            config.setAllowedHeaders(List.of("*"));
            config.setMaxAge(3600L);
            source.registerCorsConfiguration("/**", config);
        }
        return source;
    }
}
