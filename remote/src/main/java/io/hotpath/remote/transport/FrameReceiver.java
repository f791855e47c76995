package io.hotpath.remote.transport;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.hotpath.ActorRef;
import io.hotpath.DeadLetterReason;
import io.hotpath.Reply;
import io.hotpath.UndeliveredException;
import io.hotpath.remote.Codec;
import io.hotpath.remote.Codecs;
import io.hotpath.remote.RemoteActorException;
import io.hotpath.remote.protocol.AnswerDecoder;
import io.hotpath.remote.protocol.AnswerFailureDecoder;
import io.hotpath.remote.protocol.AnswerStatus;
import io.hotpath.remote.protocol.AskDecoder;
import io.hotpath.remote.protocol.MessageHeaderDecoder;
import io.hotpath.remote.protocol.TellDecoder;
import org.agrona.DirectBuffer;

/**
 * Takes the frames of one worker's stream, on that worker: a tell is delivered to its actor as a frame from another
 * worker is (a direct handoff when the actor is idle), an ask is asked of it with a pooled reply, an answer
 * completes the pending ask it answers. Owned by the worker's thread; allocates nothing but what codecs decode.
 * <p>
 * A frame is never left in the stream: one for an actor whose mailbox is full joins it beyond its capacity, so the
 * frames behind it for other actors go on at once, and the actor's congestion is told to the sending node
 * ({@link CongestionNotices}), which then holds back for that actor only. Frames of a session that is not live here
 * (lost, or of an earlier incarnation of either node) are dropped and counted (STALE_INCARNATION); frames that do not
 * decode are counted (DECODE_FAILED), and so are frames of a type id the two nodes' codec tables disagree on
 * (CODEC_MISMATCH: its sender should have refused it); an ask among them is answered as undelivered so that its asker
 * does not wait. Every frame of a live session is counted as taken ({@link Session#taken}), for the acknowledgements
 * this node sends the peer.
 */
final class FrameReceiver implements FragmentHandler
{
    private static final int HEADER = MessageHeaderDecoder.ENCODED_LENGTH;

    private final WorkerLink link;
    private final NodeRuntime node;
    private final Codec<?>[] codecs;
    private final MessageHeaderDecoder header = new MessageHeaderDecoder();
    private final TellDecoder tell = new TellDecoder();
    private final AskDecoder ask = new AskDecoder();
    private final AnswerDecoder answer = new AnswerDecoder();
    private final AnswerFailureDecoder failure = new AnswerFailureDecoder();
    private int cachedTypeId = Integer.MIN_VALUE;
    private int cachedCodecIndex;
    private long cachedKey;
    private Session cachedSession;
    /** Why {@link #decode} last returned null. */
    private DeadLetterReason undecoded;
    /** Frames that ran code (a handler handed a message, an answer delivered) since the link last reset it. */
    int ran;

    FrameReceiver(final WorkerLink link)
    {
        this.link = link;
        this.node = link.node;
        this.codecs = node.config.codecs().newInstances();
    }

    @Override
    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header frame)
    {
        if (length < HEADER)
        {
            malformed(length);
            return;
        }
        header.wrap(buffer, offset);
        if (header.schemaId() != TellDecoder.SCHEMA_ID || header.version() != TellDecoder.SCHEMA_VERSION ||
            length < HEADER + header.blockLength())
        {
            malformed(length);
            return;
        }
        final int block = offset + HEADER;
        final int payload = block + header.blockLength();
        final int payloadLength = length - HEADER - header.blockLength();
        switch (header.templateId())
        {
            case TellDecoder.TEMPLATE_ID ->
            {
                tell.wrap(buffer, block, header.blockLength(), header.version());
                onTell(buffer, payload, payloadLength);
            }
            case AskDecoder.TEMPLATE_ID ->
            {
                ask.wrap(buffer, block, header.blockLength(), header.version());
                onAsk(buffer, payload, payloadLength);
            }
            case AnswerDecoder.TEMPLATE_ID ->
            {
                answer.wrap(buffer, block, header.blockLength(), header.version());
                onAnswer(buffer, payload, payloadLength);
            }
            case AnswerFailureDecoder.TEMPLATE_ID ->
            {
                failure.wrap(buffer, block, header.blockLength(), header.version());
                onFailure();
            }
            default -> malformed(length);
        }
    }

    private void onTell(final DirectBuffer buffer, final int offset, final int length)
    {
        final Session session = session(tell.destSession(), tell.srcSession());
        if (session == null)
        {
            return;
        }
        final int exportId = tell.exportId();
        @SuppressWarnings("unchecked")
        final ActorRef<Object> target = (ActorRef<Object>)node.registry.export(exportId);
        if (target == null)
        {
            node.deadLetter(node.unpublished(exportId), "a tell from node " + session.address,
                DeadLetterReason.NOT_PUBLISHED);
            return;
        }
        final Object message = decode(target, tell.typeId(), buffer, offset, length);
        if (message == null)
        {
            return;
        }
        if (target.workerIndex() != link.index)
        {
            // a peer that names the wrong worker: the actor still gets it, through its own worker's queue
            if (!target.offer(message))
            {
                node.deadLetter(target, message, DeadLetterReason.QUEUE_FULL);
            }
            return;
        }
        if (node.hooks.deliverArrived(target, message))
        {
            ran++;
        }
        else if (node.hooks.isCongested(target))
        {
            link.congestion.onCongested(exportId, target, session);
        }
    }

    private void onAsk(final DirectBuffer buffer, final int offset, final int length)
    {
        final Session session = session(ask.destSession(), ask.srcSession());
        if (session == null)
        {
            return;
        }
        final ServedAsk served = link.takeServed();
        final int exportId = ask.exportId();
        @SuppressWarnings("unchecked")
        final ActorRef<Object> target = (ActorRef<Object>)node.registry.export(exportId);
        served.start(session, ask.correlationId(), ask.replyWorker(), target);
        if (target == null)
        {
            served.target = node.unpublished(exportId);
            undelivered(served, DeadLetterReason.NOT_PUBLISHED, "no actor is published under export id " +
                exportId + " on node " + node.address);
            return;
        }
        final Object message = decode(target, ask.typeId(), buffer, offset, length);
        if (message == null)
        {
            undelivered(served, undecoded, "the question to actor '" + target.name() + "' was not read on node " +
                node.address + ": " + undecoded);
            return;
        }
        final Reply<Object> reply = served.reply;
        try
        {
            if (target.workerIndex() != link.index)
            {
                target.ask(message, reply);
            }
            else if (node.hooks.askArrived(target, message, reply))
            {
                ran++;
            }
        }
        catch (final RuntimeException ex)
        {
            // the question never reached the actor (a full queue on another worker): that is the answer
            served.reply = new Reply<>();
            served.accept(null, ex);
            return;
        }
        if (node.hooks.isCongested(target))
        {
            link.congestion.onCongested(exportId, target, session);
        }
        if (reply.isDone())
        {
            served.accept(reply.value(), reply.error());
        }
        else
        {
            reply.onComplete(served);
        }
    }

    private void undelivered(final ServedAsk served, final DeadLetterReason reason, final String why)
    {
        served.accept(null, new UndeliveredException(why, reason));
    }

    private void onAnswer(final DirectBuffer buffer, final int offset, final int length)
    {
        if (session(answer.destSession(), answer.srcSession()) == null)
        {
            return;
        }
        final long correlation = answer.correlationId();
        final Object value;
        if (answer.typeId() == Codecs.NULL_TYPE_ID)
        {
            value = null;
        }
        else
        {
            final RemoteRef<?> asked = (correlation & PendingAsks.OUTSIDE_BIT) != 0 ?
                node.outside.target(correlation) : link.pending.target(correlation);
            value = decode(asked == null ? cachedSession.nodeRef : asked, answer.typeId(), buffer, offset, length);
            if (value == null)
            {
                complete(correlation, null, new UndeliveredException("the answer of actor '" +
                    (asked == null ? "?" : asked.name()) + "' was not read: " + undecoded, undecoded));
                return;
            }
        }
        complete(correlation, value, null);
    }

    private void onFailure()
    {
        if (session(failure.destSession(), failure.srcSession()) == null)
        {
            return;
        }
        final long correlation = failure.correlationId();
        final AnswerStatus status = failure.status();
        final String errorClass = failure.errorClass();
        final String errorMessage = failure.errorMessage();
        final RemoteRef<?> asked = (correlation & PendingAsks.OUTSIDE_BIT) != 0 ?
            node.outside.target(correlation) : link.pending.target(correlation);
        final String name = asked == null ? "(unknown)@" + cachedSession.address : asked.name();
        final Throwable error;
        if (status == AnswerStatus.UNDELIVERED)
        {
            DeadLetterReason reason;
            try
            {
                reason = DeadLetterReason.valueOf(errorClass);
            }
            catch (final IllegalArgumentException ex)
            {
                reason = DeadLetterReason.NODE_UNREACHABLE;
            }
            error = asked == null ?
                new UndeliveredException("ask to actor '" + name + "' was not delivered on its node: " + reason +
                    " (" + errorMessage + ")", reason) :
                node.failures.undelivered(asked, reason, errorMessage);
        }
        else
        {
            error = new RemoteActorException(name, errorClass, errorMessage.isEmpty() ? null : errorMessage);
        }
        complete(correlation, null, error);
    }

    @SuppressWarnings("unchecked")
    private void complete(final long correlation, final Object value, final Throwable error)
    {
        ran++;
        if ((correlation & PendingAsks.OUTSIDE_BIT) != 0)
        {
            node.outside.complete(correlation, value, error, cachedSession);
            return;
        }
        final Reply<Object> reply = (Reply<Object>)link.pending.take(correlation);
        if (reply == null)
        {
            node.deadLetter(cachedSession.nodeRef, error != null ? error : value, DeadLetterReason.LATE_REPLY);
        }
        else if (error != null)
        {
            reply.fail(error);
        }
        else
        {
            reply.complete(value);
        }
    }

    /** The message, or null when it was not read (counted; {@link #undecoded} says why). */
    private Object decode(final ActorRef<?> target, final int typeId, final DirectBuffer buffer, final int offset,
        final int length)
    {
        if (typeId != cachedTypeId)
        {
            cachedCodecIndex = node.config.codecs().indexOfTypeId(typeId);
            cachedTypeId = typeId;
        }
        final int index = cachedCodecIndex;
        if (index < 0)
        {
            undecoded = DeadLetterReason.DECODE_FAILED;
            node.deadLetter(target, "a frame of type id " + typeId + ", which has no codec on this node",
                DeadLetterReason.DECODE_FAILED);
            return null;
        }
        final String[] refused = cachedSession.refusedTypes;
        if (refused != null && refused[index] != null)
        {
            undecoded = DeadLetterReason.CODEC_MISMATCH;
            node.deadLetter(target, "a frame of type id " + typeId + " from node " + cachedSession.address + ": " +
                refused[index], DeadLetterReason.CODEC_MISMATCH);
            return null;
        }
        try
        {
            final Object message = codecs[index].decode(buffer, offset, length);
            if (message == null)
            {
                throw new IllegalStateException("the codec of type id " + typeId + " decoded null");
            }
            return message;
        }
        catch (final RuntimeException ex)
        {
            undecoded = DeadLetterReason.DECODE_FAILED;
            node.logDecodeError(typeId, ex);
            node.deadLetter(target, "a frame of type id " + typeId + " that did not decode: " + ex,
                DeadLetterReason.DECODE_FAILED);
            return null;
        }
    }

    /** The live session a frame names, or null (counted) when it names none. */
    private Session session(final long destination, final long source)
    {
        final Session cached = cachedSession;
        if (destination == cachedKey && cached != null && cached.state != Session.LOST &&
            cached.remoteKey == source)
        {
            cached.taken(link.index);
            return cached;
        }
        final Session session = node.registry.session(destination);
        if (session == null || session.state == Session.LOST || session.remoteKey != source)
        {
            node.deadLetter(node.selfRef, "a frame of a session that is not live on this node (lost, or of an " +
                "earlier incarnation of either node)", DeadLetterReason.STALE_INCARNATION);
            return null;
        }
        cachedKey = destination;
        cachedSession = session;
        session.taken(link.index);
        return session;
    }

    private void malformed(final int length)
    {
        node.deadLetter(node.selfRef, "a malformed frame of " + length + " bytes", DeadLetterReason.DECODE_FAILED);
    }
}
