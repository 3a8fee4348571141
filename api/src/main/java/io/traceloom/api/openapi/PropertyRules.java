package io.traceloom.api.openapi;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.type.TypeFactory;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.converter.ModelConverter;
import io.swagger.v3.core.converter.ModelConverterContext;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.Schema;
import jakarta.validation.constraints.NotBlank;
import java.lang.annotation.Annotation;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.lang.Nullable;

/**
 * Two things the fields of a request or response record say that swagger-core does not write into the
 * API document as OpenAPI 3.1 means them:
 * <ul>
 * <li>{@code @Nullable}: the value can be {@code null}; the property's type admits {@code "null"} (for an
 *     embedded object: one of the object or {@code null});</li>
 * <li>{@code @NotBlank}: never empty. swagger-core applies {@code @Size} after it, so
 *     {@code @NotBlank @Size(max = 200)} would be documented as {@code minLength: 0}.</li>
 * </ul>
 */
class PropertyRules implements ModelConverter {

    @Override
    public Schema resolve(AnnotatedType type, ModelConverterContext context, Iterator<ModelConverter> chain) {
        if (!chain.hasNext()) {
            return null;
        }
        if (type.isSchemaProperty() && type.getCtxAnnotations() != null && type.getType() != null
                && TypeFactory.defaultInstance().constructType(type.getType()).getRawClass().isRecord()) {
            // swagger-core widens the schema it resolves for a @Nullable property with "null": for an embedded
            // record that is the record's model itself, shared by every reference (every Tag was "type": "null").
            // The property is made nullable below, on the model that holds it, as oneOf the reference and null.
            type.ctxAnnotations(Arrays.stream(type.getCtxAnnotations())
                    .filter(annotation -> !annotation.annotationType().getSimpleName().equals("Nullable"))
                    .toArray(Annotation[]::new));
        }
        Schema<?> resolved = chain.next().resolve(type, context, chain);
        if (resolved == null || type.isSchemaProperty() || type.getType() == null) {
            return resolved;
        }
        Schema<?> model = resolved;
        if (resolved.get$ref() != null) {
            model = context.getDefinedModels().get(resolved.get$ref().substring(resolved.get$ref().lastIndexOf('/') + 1));
        }
        if (model == null || model.getProperties() == null) {
            return resolved;
        }
        Class<?> raw = TypeFactory.defaultInstance().constructType(type.getType()).getRawClass();
        for (Field field : raw.getDeclaredFields()) {
            JsonProperty renamed = field.getAnnotation(JsonProperty.class);
            String name = renamed != null && !renamed.value().isEmpty() ? renamed.value() : field.getName();
            Schema<?> property = model.getProperties().get(name);
            if (property == null) {
                continue;
            }
            if (field.isAnnotationPresent(NotBlank.class)
                    && (property.getMinLength() == null || property.getMinLength() < 1)) {
                property.setMinLength(1);
            }
            if (field.isAnnotationPresent(Nullable.class)) {
                model.getProperties().put(name, nullable(property));
            }
        }
        return resolved;
    }

    private static Schema<?> nullable(Schema<?> property) {
        if (property.get$ref() != null) {
            // A sibling type next to $ref would narrow the referenced schema, not widen it.
            Schema<Object> either = new Schema<>(SpecVersion.V31);
            either.setDescription(property.getDescription());
            either.setOneOf(List.of(new Schema<>(SpecVersion.V31).$ref(property.get$ref()),
                    new Schema<>(SpecVersion.V31).types(Set.of("null"))));
            return either;
        }
        if (property.getTypes() != null) {
            Set<String> types = new LinkedHashSet<>(property.getTypes());
            types.add("null");
            property.setTypes(types);
        }
        return property;
    }
}
