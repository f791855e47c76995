package io.hotpath.remote.transport;

import io.aeron.Publication;
import io.aeron.logbuffer.BufferClaim;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.protocol.AnswerEncoder;
import io.hotpath.remote.protocol.AnswerFailureEncoder;
import io.hotpath.remote.protocol.AnswerStatus;
import io.hotpath.remote.protocol.AskEncoder;
import io.hotpath.remote.protocol.MessageHeaderEncoder;
import io.hotpath.remote.protocol.TellEncoder;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Writes data frames (a tell, an ask, an answer) into a publication: header and payload straight into the term
 * with {@code tryClaim} when the message fits one frame and its length is known, else encoded into a buffer of its
 * own and offered (fragmented by Aeron if longer than a frame). One per thread (each worker, each outside thread);
 * NOT thread safe. Allocates nothing.
 * <p>
 * Results are Aeron's position or its negative codes, or one of the local codes below; a claimed frame whose codec
 * fails is aborted (it becomes padding), so nothing half written is ever read. Every frame that goes out is counted
 * in its session ({@link Session#published}), for the peer's acknowledgements.
 */
final class FrameSender
{
    /** No codec serves the message's class. */
    static final long NO_CODEC = -101;
    /** The codec threw, or wrote another length than it announced. */
    static final long ENCODE_FAILED = -102;
    /** Longer than the publication's largest message. */
    static final long TOO_LARGE = -103;
    /** The two nodes' codec tables disagree on the message's type id. */
    static final long CODEC_MISMATCH = -104;

    static final int TELL = 1;
    static final int ASK = 2;
    static final int ANSWER = 3;

    private static final int HEADER = MessageHeaderEncoder.ENCODED_LENGTH;
    private static final int TELL_LENGTH = HEADER + TellEncoder.BLOCK_LENGTH;
    private static final int ASK_LENGTH = HEADER + AskEncoder.BLOCK_LENGTH;
    private static final int ANSWER_LENGTH = HEADER + AnswerEncoder.BLOCK_LENGTH;
    private static final int ADMIN_RETRIES = 3;
    private static final int TEXT_LIMIT = 2000;

    private final Codecs codecs;
    /** The worker this sender belongs to, or -1 for a thread outside the engine. */
    private final int worker;
    private final Codec<?>[] instances;
    private final int[] typeIds;
    private final BufferClaim claim = new BufferClaim();
    private final UnsafeBuffer view = new UnsafeBuffer(0, 0);
    private final UnsafeBuffer scratch;
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();
    private final TellEncoder tell = new TellEncoder();
    private final AskEncoder ask = new AskEncoder();
    private final AnswerEncoder answer = new AnswerEncoder();
    private final AnswerFailureEncoder failure = new AnswerFailureEncoder();
    private Class<?> lastClass;
    private int lastIndex = -1;
    /** The last exception a codec threw, for the log. */
    RuntimeException lastCodecError;
    /** Why the last message refused for {@link #CODEC_MISMATCH} was, for the ask it fails. */
    String lastMismatch;

    FrameSender(final Codecs codecs, final int maxMessageLength, final int worker)
    {
        this.codecs = codecs;
        this.worker = worker;
        this.instances = codecs.newInstances();
        this.typeIds = new int[instances.length];
        for (int i = 0; i < typeIds.length; i++)
        {
            typeIds[i] = codecs.typeId(i);
        }
        this.scratch = new UnsafeBuffer(new byte[maxMessageLength]);
    }

    static boolean isLocalFailure(final long result)
    {
        return result <= NO_CODEC;
    }

    /** Aeron pushed back for now; the same frame may go later. */
    static boolean isTransient(final long result)
    {
        return result == Publication.BACK_PRESSURED || result == Publication.NOT_CONNECTED ||
            result == Publication.ADMIN_ACTION;
    }

    long tell(final Publication pub, final Session session, final int exportId, final Object message)
    {
        return data(pub, TELL, session, exportId, message, 0, 0);
    }

    long ask(final Publication pub, final Session session, final int exportId, final Object message,
        final long correlation, final int replyWorker)
    {
        return data(pub, ASK, session, exportId, message, correlation, replyWorker);
    }

    long answer(final Publication pub, final Session session, final long correlation, final Object value)
    {
        return data(pub, ANSWER, session, 0, value, correlation, 0);
    }

    long answerFailure(final Publication pub, final Session session, final long correlation,
        final AnswerStatus status, final String errorClass, final String errorMessage)
    {
        failure.wrapAndApplyHeader(scratch, 0, header)
            .destSession(session.remoteKey)
            .srcSession(session.localKey)
            .correlationId(correlation)
            .status(status)
            .errorClass(clip(errorClass))
            .errorMessage(clip(errorMessage));
        return counted(session, offer(pub, scratch, HEADER + failure.encodedLength()));
    }

    private long counted(final Session session, final long result)
    {
        if (result >= 0)
        {
            if (worker >= 0)
            {
                session.published(worker);
            }
            else
            {
                session.publishedOutside();
            }
        }
        return result;
    }

    private static String clip(final String text)
    {
        return text == null ? "" : text.length() <= TEXT_LIMIT ? text : text.substring(0, TEXT_LIMIT) + "...";
    }

    @SuppressWarnings("unchecked")
    private long data(final Publication pub, final int kind, final Session session, final int exportId,
        final Object message, final long correlation, final int replyWorker)
    {
        final int index = message == null ? -1 : codecIndex(message.getClass());
        if (message != null && index < 0)
        {
            return NO_CODEC;
        }
        if (index >= 0)
        {
            final String[] refused = session.refusedTypes;
            if (refused != null && refused[index] != null)
            {
                lastMismatch = refused[index];
                return CODEC_MISMATCH;
            }
        }
        final Codec<Object> codec = index < 0 ? null : (Codec<Object>)instances[index];
        final int typeId = index < 0 ? Codecs.NULL_TYPE_ID : typeIds[index];
        final int headerLength = kind == TELL ? TELL_LENGTH : kind == ASK ? ASK_LENGTH : ANSWER_LENGTH;
        final int payload;
        try
        {
            payload = codec == null ? 0 : codec.encodedLength(message);
        }
        catch (final RuntimeException ex)
        {
            lastCodecError = ex;
            return ENCODE_FAILED;
        }
        if (payload >= 0)
        {
            final int total = headerLength + payload;
            if (total > pub.maxMessageLength())
            {
                return TOO_LARGE;
            }
            if (total <= pub.maxPayloadLength())
            {
                return claimed(pub, kind, session, exportId, message, correlation, replyWorker, codec,
                    typeId, headerLength, payload);
            }
        }
        writeHeader(scratch, kind, session, exportId, correlation, replyWorker, typeId);
        final int written;
        try
        {
            written = codec == null ? 0 : codec.encode(message, scratch, headerLength);
        }
        catch (final IndexOutOfBoundsException ex)
        {
            return TOO_LARGE;
        }
        catch (final RuntimeException ex)
        {
            lastCodecError = ex;
            return ENCODE_FAILED;
        }
        if (payload >= 0 && written != payload)
        {
            lastCodecError = new IllegalStateException(codec + " announced " + payload + " bytes and wrote " + written);
            return ENCODE_FAILED;
        }
        if (headerLength + written > pub.maxMessageLength())
        {
            return TOO_LARGE;
        }
        return counted(session, offer(pub, scratch, headerLength + written));
    }

    private long claimed(final Publication pub, final int kind, final Session session, final int exportId,
        final Object message, final long correlation, final int replyWorker, final Codec<Object> codec,
        final int typeId, final int headerLength, final int payload)
    {
        final int total = headerLength + payload;
        long result = pub.tryClaim(total, claim);
        for (int i = 0; result == Publication.ADMIN_ACTION && i < ADMIN_RETRIES; i++)
        {
            result = pub.tryClaim(total, claim);
        }
        if (result < 0)
        {
            return result;
        }
        final UnsafeBuffer frame = view;
        frame.wrap(claim.buffer(), claim.offset(), total);
        writeHeader(frame, kind, session, exportId, correlation, replyWorker, typeId);
        final int written;
        try
        {
            written = codec == null ? 0 : codec.encode(message, frame, headerLength);
        }
        catch (final RuntimeException ex)
        {
            claim.abort();
            lastCodecError = ex;
            return ENCODE_FAILED;
        }
        if (written != payload)
        {
            claim.abort();
            lastCodecError = new IllegalStateException(codec + " announced " + payload + " bytes and wrote " + written);
            return ENCODE_FAILED;
        }
        claim.commit();
        return counted(session, result);
    }

    private void writeHeader(final MutableDirectBuffer buffer, final int kind, final Session session,
        final int exportId, final long correlation, final int replyWorker, final int typeId)
    {
        final long destSession = session.remoteKey;
        final long srcSession = session.localKey;
        if (kind == TELL)
        {
            tell.wrapAndApplyHeader(buffer, 0, header)
                .destSession(destSession)
                .srcSession(srcSession)
                .exportId(exportId)
                .typeId(typeId);
        }
        else if (kind == ASK)
        {
            ask.wrapAndApplyHeader(buffer, 0, header)
                .destSession(destSession)
                .srcSession(srcSession)
                .correlationId(correlation)
                .exportId(exportId)
                .typeId(typeId)
                .replyWorker(replyWorker);
        }
        else
        {
            answer.wrapAndApplyHeader(buffer, 0, header)
                .destSession(destSession)
                .srcSession(srcSession)
                .correlationId(correlation)
                .typeId(typeId);
        }
    }

    private static long offer(final Publication pub, final UnsafeBuffer buffer, final int length)
    {
        long result = pub.offer(buffer, 0, length);
        for (int i = 0; result == Publication.ADMIN_ACTION && i < ADMIN_RETRIES; i++)
        {
            result = pub.offer(buffer, 0, length);
        }
        return result;
    }

    private int codecIndex(final Class<?> type)
    {
        if (type != lastClass)
        {
            lastIndex = codecs.indexOf(type);
            lastClass = type;
        }
        return lastIndex;
    }
}
