package io.traceloom.api.linkset;

import io.swagger.v3.oas.annotations.media.Schema;
import io.traceloom.api.guard.NotWhiteSpace;
import io.traceloom.api.guard.SingleLine;
import io.traceloom.kernel.linkset.LinkInput;
import jakarta.validation.Valid;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * A link set as {@code PUT /link-sets/{id}} takes it. The limits are docs/limits.md's: change both
 * together. What the GS1 standards make of the values (a valid key, a known link type, an http(s) target) is
 * decided by the link set itself, on the command side.
 *
 * @param id ignored when it equals the path's id; anything else is 400
 */
@Schema(name = "LinkSetInput", requiredProperties = {"identifier", "links"})
public record PutLinkSetRequest(
        @Schema(description = "Optional; when given it must equal the id in the path.")
        @Size(max = LinkSetController.MAX_ID_LENGTH, message = "must be at most {max} characters") String id,
        @Schema(description = "A GS1 Digital Link primary key as AI/value (a leading `/` is tolerated): "
                + "`01/09506000134352`. Values are percent-encoded as in a URI path.", example = "01/09506000134352")
        @NotBlank @Size(max = 100, message = "must be at most {max} characters") @SingleLine String identifier,
        @Schema(description = "The key qualifiers as AI/value pairs in the order the standard allows for the key "
                + "(`22`, `10`, `21` for a GTIN), or empty.", example = "10/LOT1")
        @Size(max = 200, message = "must be at most {max} characters") @SingleLine String qualifier,
        @Schema(description = "What the linkset says the item is (GS1's `itemDescription`); by default the first "
                + "link's title. An extension of the spec's fields.")
        @NotWhiteSpace(message = "must not be blank when given")
        @Size(max = 500, message = "must be at most {max} characters") @SingleLine String itemDescription,
        @Schema(description = "1 to 100 links; the first is the default link.")
        @NotNull @Size(min = 1, max = 100, message = "must hold 1 to {max} links") List<@NotNull @Valid Link> links) {

    /**
     * @param relationType a GS1 Web Vocabulary link type as a CURIE or IRI, or another http(s) IRI
     * @param lang         language tags of the target, {@code ll} or {@code ll-CC}
     */
    @Schema(name = "LinkInput", requiredProperties = {"relationType", "href", "title"})
    public record Link(
            @Schema(description = "A GS1 Web Vocabulary link type as a CURIE (`gs1:pip`) or IRI "
                    + "(`https://gs1.org/voc/pip`), or another http(s) IRI.", example = "gs1:pip")
            @NotBlank @Size(max = 500, message = "must be at most {max} characters") @SingleLine String relationType,
            @Schema(description = "An absolute http or https URL.", example = "https://example.com/risotto")
            @NotBlank @Size(max = 2000, message = "must be at most {max} characters") @SingleLine String href,
            @Schema(example = "Product information")
            @NotBlank @NotWhiteSpace @Size(max = 300, message = "must be at most {max} characters") @SingleLine
            String title,
            @Schema(description = "Languages of the target: `en` or `en-GB`.", example = "[\"en\"]")
            @Size(max = 20, message = "must hold at most {max} language tags")
            List<@NotNull @Size(max = 5, message = "must be at most {max} characters") String> lang) {

        LinkInput toInput() {
            return new LinkInput(relationType, href, title, lang);
        }
    }
}
