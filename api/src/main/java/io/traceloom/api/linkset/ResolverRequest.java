package io.traceloom.api.linkset;

import io.traceloom.api.guard.PercentEncoding;
import io.traceloom.api.problem.InvalidRequestException;
import io.traceloom.api.problem.Problems;
import io.traceloom.kernel.linkset.DigitalLink;
import io.traceloom.kernel.linkset.InvalidDigitalLinkException;
import io.traceloom.kernel.linkset.LinkTypes;
import jakarta.servlet.http.HttpServletRequest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.ErrorResponseException;

/**
 * A resolver request as the GS1-Conformant Resolver standard reads it: the Digital Link of its path (taken
 * raw, so that a value's {@code %2F} stays inside its segment), the levels it falls back to, {@code linkType},
 * the rest of the query (passed on to the target), and what {@code Accept} asks for. Headers are read
 * leniently: GS1's own test suite sends {@code Accept: undefined}, which must still get its redirect.
 *
 * @param origin       {@code scheme://host[:port]} as the client reached the service (through a trusted proxy:
 *                     see {@link #origin})
 * @param levelPaths   the raw path of each level, most specific first, the last one the primary key's
 * @param linkType     the {@code linkType} parameter, decoded, or {@code null}
 * @param passedQuery  the raw query without {@code linkType}, or empty
 */
record ResolverRequest(String origin, DigitalLink link, List<String> levelPaths, String linkType,
                       String passedQuery) {

    static final String LINKSET_JSON = "application/linkset+json";
    static final String LINK_TYPE = "linkType";

    /**
     * Whether a raw request path is a resolver's: its first segment is a number, as every GS1 Application
     * Identifier is, percent-encoded digits included ({@code /%30%31/…}). No other route of the service starts so.
     */
    static boolean isResolverPath(String rawPath) {
        rawPath = PercentEncoding.normalizedPath(rawPath);
        int end = rawPath.indexOf('/', 1);
        String first = end < 0 ? rawPath.substring(1) : rawPath.substring(1, end);
        return !first.isEmpty() && first.chars().allMatch(c -> c >= '0' && c <= '9');
    }

    /**
     * @throws ErrorResponseException (400) when the path is not a GS1 Digital Link
     * @throws InvalidRequestException (400) when {@code linkType} is not percent-encoded UTF-8
     */
    static ResolverRequest of(HttpServletRequest request) {
        String raw = rawPath(request);
        DigitalLink link;
        try {
            link = DigitalLink.ofPath(raw);
        } catch (InvalidDigitalLinkException e) {
            throw new ErrorResponseException(HttpStatus.BAD_REQUEST, Problems.of(HttpStatus.BAD_REQUEST,
                    "invalid-digital-link", "Not a GS1 Digital Link", e.getMessage()), e);
        }
        List<String> segments = List.of(raw.substring(1).split("/"));
        List<String> levelPaths = new ArrayList<>();
        for (int n = segments.size(); n >= 2; n -= 2) {
            levelPaths.add("/" + String.join("/", segments.subList(0, n)));
        }
        String linkType = null;
        StringJoiner passed = new StringJoiner("&");
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&", -1)) {
                int equals = pair.indexOf('=');
                String name = PercentEncoding.decode(equals < 0 ? pair : pair.substring(0, equals));
                if (!LINK_TYPE.equals(name)) {
                    if (!pair.isEmpty()) {
                        passed.add(pair);
                    }
                } else if (linkType == null) {
                    linkType = equals < 0 ? "" : PercentEncoding.decode(pair.substring(equals + 1));
                    if (linkType == null) {
                        throw new InvalidRequestException(LINK_TYPE, "is not percent-encoded UTF-8");
                    }
                }
            }
        }
        return new ResolverRequest(origin(request), link, levelPaths,
                linkType == null || linkType.isEmpty() ? null : linkType, passed.toString());
    }

    /**
     * The path as sent, without a trailing slash (which the standard tolerates), its percent-encoding normalised
     * ({@link PercentEncoding#normalizedPath}): GS1 Digital Link compares URIs so, and so do the answers, which
     * name it in anchors and {@code Link}s.
     */
    static String rawPath(HttpServletRequest request) {
        String raw = PercentEncoding.normalizedPath(request.getRequestURI().substring(request.getContextPath().length()));
        return raw.length() > 1 && raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
    }

    /**
     * Where the client reached the service, as the request says it: a proxy's {@code X-Forwarded-Proto},
     * {@code -Host} and {@code -Port} are applied by Tomcat (its {@code RemoteIpValve}) only when the proxy is
     * one configured as trusted ({@code server.tomcat.remoteip.internal-proxies}, none by default), and then
     * only {@code http} or {@code https} and a valid host.
     */
    static String origin(HttpServletRequest request) {
        String scheme = request.getScheme();
        int port = request.getServerPort();
        boolean defaultPort = port <= 0 || ("http".equals(scheme) && port == 80)
                || ("https".equals(scheme) && port == 443);
        return scheme + "://" + request.getServerName() + (defaultPort ? "" : ":" + port);
    }

    /** The keys of the levels, in the order of {@link #levelPaths}. */
    List<String> levelKeys() {
        return link.levels().stream().map(DigitalLink::key).toList();
    }

    /** The URI the client asked for at a level, as a linkset's {@code anchor} names it. */
    String anchor(int level) {
        return origin + levelPaths.get(level);
    }

    /**
     * The {@code Link} to this request's linkset. Commas are encoded: simple clients split a {@code Link} header
     * on them.
     */
    String linksetLink() {
        return "<" + anchor(0).replace(",", "%2C") + "?" + LINK_TYPE + "=linkset>; rel=\"linkset\"; type=\""
                + LINKSET_JSON + "\"";
    }

    /** {@code linkType=linkset}, or its deprecated name {@code all}. */
    boolean asksForLinkset() {
        return "linkset".equals(linkType) || "all".equals(linkType);
    }

    /**
     * The IRI of the asked link type ({@code gs1:pip}, its IRIs, or the bare term of old resolvers), or
     * {@code null} when none is asked for.
     */
    String linkTypeIri() {
        if (linkType == null || asksForLinkset()) {
            return null;
        }
        return LinkTypes.iri(linkType).orElse(LinkTypes.GS1_NAMESPACE + linkType);
    }

    /** The target with the rest of the query appended, before any fragment. */
    String withPassedQuery(String href) {
        if (passedQuery.isEmpty()) {
            return href;
        }
        int hash = href.indexOf('#');
        String base = hash < 0 ? href : href.substring(0, hash);
        String fragment = hash < 0 ? "" : href.substring(hash);
        return base + (base.contains("?") ? (base.endsWith("?") || base.endsWith("&") ? "" : "&") : "?")
                + passedQuery + fragment;
    }

    /**
     * Which of the two JSON representations {@code Accept} prefers over anything concrete it names:
     * {@code application/linkset+json}, {@code application/json}, or {@code null} for neither. Media ranges
     * that do not parse are skipped, wildcards do not count.
     */
    static String preferredJson(HttpServletRequest request) {
        double linkset = 0;
        double json = 0;
        double best = 0;
        for (String header : Collections.list(request.getHeaders(HttpHeaders.ACCEPT))) {
            for (String range : header.split(",", -1)) {
                String[] parts = range.split(";", -1);
                String type = parts[0].trim().toLowerCase(Locale.ROOT);
                if (type.indexOf('/') <= 0 || type.contains("*")) {
                    continue;
                }
                double q = quality(parts);
                best = Math.max(best, q);
                if (type.equals(LINKSET_JSON)) {
                    linkset = Math.max(linkset, q);
                } else if (type.equals("application/json")) {
                    json = Math.max(json, q);
                }
            }
        }
        if (linkset > 0 && linkset >= best) {
            return LINKSET_JSON;
        }
        return json > 0 && json >= best ? "application/json" : null;
    }

    private static double quality(String[] parameters) {
        for (int i = 1; i < parameters.length; i++) {
            String parameter = parameters[i].trim();
            if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                try {
                    double q = Double.parseDouble(parameter.substring(2).trim());
                    return q >= 0 && q <= 1 ? q : 1;
                } catch (NumberFormatException e) {
                    return 1;
                }
            }
        }
        return 1;
    }
}
