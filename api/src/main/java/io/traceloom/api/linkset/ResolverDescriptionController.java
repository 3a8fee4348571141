package io.traceloom.api.linkset;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import io.traceloom.api.security.Public;
import io.traceloom.kernel.linkset.DigitalLink;
import io.traceloom.kernel.linkset.LinkTypes;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/** The resolver description file a GS1-Conformant Resolver publishes at {@value #PATH}. */
@RestController
@Public
@Tag(name = "GS1 Digital Link resolver")
public class ResolverDescriptionController {

    static final String PATH = "/.well-known/gs1resolver";

    /**
     * What the standard's description file schema asks for.
     *
     * @param resolverRoot                     where the resolver answers: the root of this service, as the
     *                                         client reached it
     * @param linkTypeDefaultCanBeLinkset      a link set's default link is always a link, never the linkset
     * @param supportedContextValuesEnumerated links carry no {@code context}
     */
    @JsonPropertyOrder({"name", "resolverRoot", "supportedPrimaryKeys", "supportedLinkType",
            "linkTypeDefaultCanBeLinkset", "supportedContextValuesEnumerated", "jsonLdContextLocation"})
    public record Description(String name, String resolverRoot, List<String> supportedPrimaryKeys,
                              List<LinkTypeNamespace> supportedLinkType, boolean linkTypeDefaultCanBeLinkset,
                              List<String> supportedContextValuesEnumerated, String jsonLdContextLocation) {
    }

    public record LinkTypeNamespace(String namespace, String prefix) {
    }

    @Operation(summary = "The resolver description file",
            description = "What the resolver supports, per the GS1-Conformant Resolver standard's schema: its root, "
                    + "primary keys, link type namespace and the linkset JSON-LD context.")
    @GetMapping(path = PATH, produces = MediaType.APPLICATION_JSON_VALUE)
    public Description describe(HttpServletRequest request) {
        return new Description("Traceloom GS1-Conformant Resolver", ResolverRequest.origin(request),
                DigitalLink.PRIMARY_KEYS,
                List.of(new LinkTypeNamespace(LinkTypes.GS1_NAMESPACE, LinkTypes.GS1_PREFIX)),
                false, List.of(), ResolverController.LINKSET_CONTEXT);
    }
}
