package io.traceloom.command.canvas;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.traceloom.command.canvas.sandbox.CanvasSandbox;
import io.traceloom.command.canvas.sandbox.CompiledTemplates;
import io.traceloom.command.canvas.sandbox.RenderLimitException;
import io.traceloom.command.canvas.sandbox.TemplateCompileException;
import io.traceloom.command.config.CommandSideProperties;
import io.traceloom.command.rejection.DomainRejectionException;
import io.traceloom.kernel.canvas.CreateCanvasTemplate;
import io.traceloom.kernel.canvas.DeleteCanvasTemplate;
import io.traceloom.kernel.canvas.RenderCanvasTemplate;
import io.traceloom.kernel.canvas.ReplaceCanvasTemplate;
import io.traceloom.kernel.message.Rejection;
import io.traceloom.kernel.message.Violation;
import io.traceloom.kernel.schema.SchemaCheck;
import io.traceloom.kernel.schema.SchemaValidation;
import io.traceloom.kernel.schema.TenantSchemas;
import java.time.Duration;
import java.util.List;
import org.axonframework.commandhandling.CommandHandler;
import org.axonframework.modelling.command.Aggregate;
import org.axonframework.modelling.command.Repository;
import org.springframework.stereotype.Component;

/**
 * Canvas templates and their renders. A template is checked before it is kept: it must compile, and its
 * schema must be a usable JSON Schema (or name a stored one); the stored schemas it relies on record that
 * they are used, in the same unit of work. A render checks the variables against the template's schema as it
 * stands, renders in the sandbox under the output and time caps, and records the render as a
 * {@link CanvasTemplateInstance}.
 */
@Component
public class CanvasCommandHandler {

    /** What the compiled templates kept may weigh together, as {@link CompiledTemplates} estimates it. */
    static final long COMPILED_TEMPLATES_KEPT = 32L * 1024 * 1024;
    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        JSON.getFactory().setStreamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build());
    }

    private final Repository<CanvasTemplate> templates;
    private final Repository<CanvasTemplateInstance> instances;
    private final TenantSchemas schemas;
    private final CanvasSandbox sandbox = new CanvasSandbox();
    private final CompiledTemplates compiled = new CompiledTemplates(COMPILED_TEMPLATES_KEPT);
    private final long maxOutput;
    private final Duration renderTimeout;

    public CanvasCommandHandler(Repository<CanvasTemplate> templates, Repository<CanvasTemplateInstance> instances,
                                TenantSchemas schemas, CommandSideProperties properties) {
        this.templates = templates;
        this.instances = instances;
        this.schemas = schemas;
        this.maxOutput = properties.canvas().maxOutput().toBytes();
        this.renderTimeout = properties.canvas().renderTimeout();
    }

    @CommandHandler
    public String handle(CreateCanvasTemplate command) throws Exception {
        List<String> used = check(command.tenantId(), command.templateId(), command.template(), command.schema(),
                command.schemaId());
        templates.newInstance(() -> new CanvasTemplate(command, used));
        return command.templateId();
    }

    @CommandHandler
    public void handle(ReplaceCanvasTemplate command) throws Exception {
        Aggregate<CanvasTemplate> template = templates.load(command.templateId());
        template.execute(it -> it.admit(command));
        List<String> before = template.invoke(CanvasTemplate::usedSchemas);
        List<String> used = check(command.tenantId(), command.templateId(), command.template(), command.schema(),
                command.schemaId());
        for (String schemaId : before) {
            if (!used.contains(schemaId)) {
                schemas.release(command.tenantId(), schemaId, user(command.templateId()));
            }
        }
        template.execute(it -> it.replace(command, used));
    }

    @CommandHandler
    public void handle(DeleteCanvasTemplate command) throws Exception {
        Aggregate<CanvasTemplate> template = templates.load(command.templateId());
        List<String> used = template.invoke(it -> it.admit(command));
        for (String schemaId : used) {
            schemas.release(command.tenantId(), schemaId, user(command.templateId()));
        }
        template.execute(CanvasTemplate::delete);
    }

    /** @return the id of the recorded render */
    @CommandHandler
    public String handle(RenderCanvasTemplate command) throws Exception {
        CanvasTemplate.Snapshot template = templates.load(command.templateId())
                .invoke(it -> it.forRender(command.tenantId()));
        SchemaValidation validation = template.schemaId() != null
                ? schemas.validate(command.tenantId(), template.schemaId(), command.variables())
                .orElseThrow(() -> new DomainRejectionException(Rejection.invalid("schemaId",
                        "The template's schema '" + template.schemaId() + "' no longer exists.")))
                : schemas.validateInline(command.tenantId(), template.schema(), command.variables());
        if (validation.overLimit() != null) {
            throw new DomainRejectionException(Rejection.invalid(null,
                    "The variables could not be checked against the template's schema: " + validation.overLimit() + "."));
        }
        if (!validation.violations().isEmpty()) {
            throw new DomainRejectionException(Rejection.invalid(null, "The variables do not satisfy the template's "
                    + "schema: " + Violation.summary(validation.violations()), validation.violations()));
        }
        String output = render(template, command.variables());
        instances.newInstance(() -> new CanvasTemplateInstance(command, template.version(), output));
        return command.instanceId();
    }

    /**
     * Checks a template and its schema before it is kept, and records the uses of the stored schemas it relies
     * on.
     *
     * @return those stored schemas, sorted
     */
    private List<String> check(String tenantId, String templateId, String template, String schema, String schemaId) {
        if ((schema == null) == (schemaId == null)) {
            throw new IllegalArgumentException("a canvas template has a schema or a schemaId, one of them");
        }
        try {
            sandbox.compile(template);
        } catch (TemplateCompileException e) {
            throw new DomainRejectionException(Rejection.invalid("template",
                    "The template does not compile: " + e.describe() + "."));
        }
        List<String> used;
        if (schema != null) {
            SchemaCheck check = schemas.check(tenantId, schema);
            if (!check.usable()) {
                throw new DomainRejectionException(Rejection.invalid("schema",
                        "The schema is not a valid JSON Schema: " + Violation.summary(check.violations()), check.violations()));
            }
            used = check.references().stream().sorted().toList();
        } else {
            used = List.of(schemaId);
        }
        for (String stored : used) {
            if (!schemas.use(tenantId, stored, user(templateId))) {
                throw new DomainRejectionException(schema == null
                        ? Rejection.invalid("schemaId", "There is no schema '" + schemaId + "'.")
                        : Rejection.invalid("schema", "Schema '" + stored + "', which the schema refers to, does not exist."));
            }
        }
        return used;
    }

    private String render(CanvasTemplate.Snapshot template, String variables) {
        JsonNode values;
        try {
            values = JSON.readTree(variables);
        } catch (JsonProcessingException e) {
            throw new DomainRejectionException(Rejection.invalid(null, "The variables are not JSON."));
        }
        try {
            return sandbox.render(compiled.get(template.templateId(), template.version(), template.template(),
                    sandbox::compile), values, maxOutput, renderTimeout);
        } catch (RenderLimitException e) {
            throw new DomainRejectionException(Rejection.invalid(null, switch (e.limit()) {
                case OUTPUT -> "The rendered output would be larger than " + maxOutput
                        + " bytes (traceloom.canvas.max-output).";
                case TIME -> "Rendering took longer than " + renderTimeout.toMillis()
                        + " ms (traceloom.canvas.render-timeout).";
                case DEPTH -> "The template recurses too deeply to render.";
            }));
        } catch (CanvasSandbox.TemplateRenderException e) {
            throw new DomainRejectionException(Rejection.invalid(null,
                    "The template cannot be rendered: " + e.getMessage() + "."));
        }
    }

    private static String user(String templateId) {
        return "canvas-templates/" + templateId;
    }
}
