package io.traceloom.api.file;

import io.swagger.v3.oas.annotations.media.Schema;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;

/** The limits are docs/limits.md's and {@link FileNames}'s: change them together. */
public record RenameFileRequest(
        @NotNull @NotBlank(message = "must not be blank")
        @Schema(description = "The new file name: no path, no control or format characters, no white space at "
                + "either end, at most 255 characters.", maxLength = FileNames.MAX_LENGTH, example = "logo.png")
        String key) {
}
