package io.traceloom.api.linkset;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.enums.ParameterIn;
import io.swagger.v3.oas.annotations.headers.Header;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.guard.RawQuery;
import io.traceloom.api.http.EchoedHeaders;
import io.traceloom.api.messaging.Queries;
import io.traceloom.api.problem.ResourceNotFoundException;
import io.traceloom.api.security.Public;
import io.traceloom.kernel.linkset.DigitalLinkResolution.Level;
import io.traceloom.kernel.linkset.DigitalLinkResolution.Target;
import io.traceloom.kernel.linkset.DigitalLinkResolution;
import io.traceloom.kernel.linkset.LinkTypes;
import io.traceloom.kernel.linkset.ResolveDigitalLink;
import jakarta.servlet.http.HttpServletRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * The public GS1-Conformant Resolver (GS1-Conformant Resolver standard 1.2), at the root of the service as
 * GS1 resolvers are: {@code GET /01/09506000134352/10/LOT1} redirects (307) to the link the request asks for,
 * or answers with the RFC 9264 linkset of everything known about the key. It serves anyone, so it takes no
 * caller: it reads the resolver's own read model, keyed by GS1 key, whichever tenant holds the key. CORS and
 * {@code OPTIONS} are answered by {@link ResolverCorsFilter}.
 */
@RestController
@Public
@Tag(name = "GS1 Digital Link resolver", description = "Public: resolves GS1 Digital Link URIs to the links of "
        + "their link sets (GS1-Conformant Resolver 1.2).")
public class ResolverController {

    /** GS1's JSON-LD context for linksets, named in a {@code Link} header as the standard recommends. */
    static final String LINKSET_CONTEXT = "https://ref.gs1.org/standards/resolver/linkset-context";
    private static final String CONTEXT_LINK = "<" + LINKSET_CONTEXT
            + ">; rel=\"http://www.w3.org/ns/json-ld#context\"; type=\"application/ld+json\"";
    private static final String VARY = "Accept, Accept-Language";

    private final Queries queries;
    private final ObjectMapper json;

    public ResolverController(Queries queries, ObjectMapper json) {
        this.queries = queries;
        this.json = json;
    }

    @Operation(summary = "Resolve a GS1 Digital Link",
            description = """
                    A GS1 Digital Link URI path: a primary key and its key qualifiers as AI/value pairs, \
                    `/01/09506000134352/10/LOT1` (a trailing slash is tolerated). A key without a link set of \
                    its own falls back to the less specific ones (`/01/x/10/LOT1/21/9`, `/01/x/10/LOT1`, \
                    `/01/x`).

                    - No `linkType`: **307** to the default link (the first link of the link set).
                    - `linkType=gs1:pip` (or its IRI): 307 to a link of that type, chosen by `Accept-Language` \
                    among several; 404 when the key has none.
                    - `linkType=linkset` (or the deprecated `all`), or `Accept: application/linkset+json`: 200 \
                    with the RFC 9264 linkset; `Accept: application/json` without `linkType` gets it too.
                    - The rest of the query string is passed on to the target.
                    - Every answer carries `Link: <...?linkType=linkset>; rel="linkset"`, and CORS headers \
                    (`Access-Control-Allow-Origin: *`).
                    - Not a valid GS1 Digital Link (unknown AI, wrong check digit, qualifiers out of order): 400.""",
            parameters = {
                    @Parameter(name = "primaryKeyAi", in = ParameterIn.PATH, example = "01",
                            description = "The primary key's GS1 Application Identifier: 01, 00, 253, 255, 401, "
                                    + "402, 414, 417, 8003, 8004, 8006, 8010, 8013, 8017 or 8018."),
                    @Parameter(name = "keyAndQualifiers", in = ParameterIn.PATH, example = "09506000134352/10/LOT1",
                            description = "The primary key's value, then its key qualifiers as AI/value pairs, "
                                    + "values percent-encoded (a `/` in a value is `%2F`)."),
                    @Parameter(name = "linkType", in = ParameterIn.QUERY,
                            description = "A link type (`gs1:pip`, `https://gs1.org/voc/pip`), or `linkset`.",
                            schema = @Schema(type = "string"))})
    @ApiResponse(responseCode = "307", description = "Redirect to the link the request asks for.",
            headers = {@Header(name = HttpHeaders.LOCATION, description = "The link's target, with the request's "
                    + "query string (less `linkType`) appended.", schema = @Schema(type = "string")),
                    @Header(name = HttpHeaders.LINK, description = "The linkset of the requested key: "
                            + "`<...?linkType=linkset>; rel=\"linkset\"`.", schema = @Schema(type = "string"))})
    @ApiResponse(responseCode = "200", description = "The RFC 9264 linkset, valid against GS1's linkset schema; "
            + "`Link` names it (`rel=\"linkset\"`) and GS1's JSON-LD context.",
            content = {@Content(mediaType = ResolverRequest.LINKSET_JSON, schema = @Schema(type = "object")),
                    @Content(mediaType = MediaType.APPLICATION_JSON_VALUE, schema = @Schema(type = "object"))})
    @ApiResponse(responseCode = "404", description = "Nothing is known about the key at any level, or it has no "
            + "link of the asked type.")
    @RawQuery
    @GetMapping("/{primaryKeyAi:[0-9]+}/{*keyAndQualifiers}")
    public ResponseEntity<ObjectNode> resolve(@PathVariable String primaryKeyAi,
                                              @PathVariable String keyAndQualifiers, HttpServletRequest request) {
        ResolverRequest asked = ResolverRequest.of(request);
        List<Level> levels = queries.now(new ResolveDigitalLink(asked.levelKeys()), DigitalLinkResolution.class,
                known -> !known.levels().isEmpty()).levels();
        if (levels.isEmpty()) {
            throw notFound("Nothing is known about " + asked.link().key() + ", nor about the keys it falls back "
                    + "to.", null);
        }
        String media = asked.asksForLinkset() ? ResolverRequest.LINKSET_JSON : ResolverRequest.preferredJson(request);
        if (ResolverRequest.LINKSET_JSON.equals(media) || (media != null && asked.linkType() == null)) {
            return ResponseEntity.ok()
                    .header(HttpHeaders.LINK, asked.linksetLink() + ", " + CONTEXT_LINK)
                    .header(HttpHeaders.VARY, VARY)
                    .contentType(MediaType.parseMediaType(media))
                    .body(linkset(asked, levels));
        }
        String iri = asked.linkTypeIri();
        Target target = iri == null || iri.equals(LinkTypes.DEFAULT_LINK)
                ? levels.get(0).links().get(0)
                : ofType(levels, iri, request.getHeader(HttpHeaders.ACCEPT_LANGUAGE));
        if (target == null) {
            throw notFound(asked.link().key() + " has no link of type " + asked.linkType() + ".", asked.linksetLink());
        }
        String location = asked.withPassedQuery(target.href());
        EchoedHeaders.requireFits(location.length() + asked.linksetLink().length(),
                "the redirect's Location (the link with the query passed on) and Link");
        return ResponseEntity.status(HttpStatus.TEMPORARY_REDIRECT)
                .header(HttpHeaders.LOCATION, location)
                .header(HttpHeaders.LINK, asked.linksetLink())
                .header(HttpHeaders.VARY, VARY)
                .build();
    }

    private static ResourceNotFoundException notFound(String detail, String linksetLink) {
        ResourceNotFoundException notFound = new ResourceNotFoundException(detail);
        if (linksetLink != null) {
            notFound.getHeaders().add(HttpHeaders.LINK, linksetLink);
        }
        notFound.getHeaders().add(HttpHeaders.VARY, VARY);
        return notFound;
    }

    /**
     * The links of the type at the most specific level that has any, and among them the one whose language
     * {@code Accept-Language} prefers; the first of them when it prefers none.
     */
    static Target ofType(List<Level> levels, String iri, String acceptLanguage) {
        for (Level level : levels) {
            List<Target> candidates = level.links().stream().filter(link -> link.relationType().equals(iri)).toList();
            if (!candidates.isEmpty()) {
                return inPreferredLanguage(candidates, acceptLanguage);
            }
        }
        return null;
    }

    /**
     * Each language range in the order of its weight: a link in exactly that language, else in a language the
     * range narrows ({@code de-CH} takes {@code de}, RFC 4647 lookup), else in one that narrows the range
     * ({@code de} takes {@code de-CH}).
     */
    static Target inPreferredLanguage(List<Target> candidates, String acceptLanguage) {
        List<Locale.LanguageRange> ranges;
        try {
            ranges = acceptLanguage == null ? List.of() : Locale.LanguageRange.parse(acceptLanguage);
        } catch (IllegalArgumentException unreadable) {
            ranges = List.of();
        }
        for (Locale.LanguageRange range : ranges) {
            if (range.getWeight() == 0) {
                continue;
            }
            Target best = null;
            int bestScore = 0;
            for (Target candidate : candidates) {
                int score = score(range.getRange(), candidate.lang());
                if (score > bestScore) {
                    best = candidate;
                    bestScore = score;
                }
            }
            if (best != null) {
                return best;
            }
        }
        return candidates.get(0);
    }

    private static int score(String range, List<String> tags) {
        int best = 0;
        for (String tag : tags) {
            String lower = tag.toLowerCase(Locale.ROOT);
            if (range.equals("*") || lower.equals(range)) {
                best = Math.max(best, range.equals("*") ? 1 : 3);
            } else if (range.startsWith(lower + "-")) {
                best = Math.max(best, 2);
            } else if (lower.startsWith(range + "-")) {
                best = Math.max(best, 1);
            }
        }
        return best;
    }

    /**
     * RFC 9264 JSON, as GS1's linkset schema has it: one context object per level that has a link set, most
     * specific first, each with its {@code anchor} (the URI asked for at that level), {@code itemDescription},
     * the default link under {@code gs1:defaultLink} (title only), then its links by relation type (an IRI).
     */
    private ObjectNode linkset(ResolverRequest asked, List<Level> levels) {
        ObjectNode body = json.createObjectNode();
        ArrayNode contexts = body.putArray("linkset");
        List<String> keys = asked.levelKeys();
        for (Level level : levels) {
            ObjectNode context = contexts.addObject();
            context.put("anchor", asked.anchor(keys.indexOf(level.key())));
            context.put("itemDescription", level.itemDescription());
            Target first = level.links().get(0);
            context.putArray(LinkTypes.DEFAULT_LINK).addObject().put("href", first.href()).put("title", first.title());
            Map<String, ArrayNode> byType = new LinkedHashMap<>();
            for (Target link : level.links()) {
                ObjectNode target = byType.computeIfAbsent(link.relationType(), context::putArray).addObject();
                target.put("href", link.href()).put("title", link.title());
                if (!link.lang().isEmpty()) {
                    link.lang().forEach(target.putArray("hreflang")::add);
                }
            }
        }
        return body;
    }
}
