from django.db import models
from modelcluster.fields import ParentalKey
from wagtail import blocks
from wagtail.admin.panels import FieldPanel, FieldRowPanel, InlinePanel
from wagtail.contrib.forms.models import AbstractFormField, AbstractForm
from wagtail.contrib.forms.panels import FormSubmissionsPanel
from wagtail.contrib.table_block.blocks import TableBlock
from wagtail.fields import RichTextField, StreamField
from wagtail.images.blocks import ImageChooserBlock
from wagtail.models import Page
from wagtail.search import index


class HomePage(Page):
    intro = RichTextField(blank=True)
    body = RichTextField(blank=True)

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("body")]
    search_fields = Page.search_fields + [index.SearchField("intro"), index.SearchField("body")]


class StandardPage(Page):
    """A plain content page: headings, paragraphs, images and tables."""

    intro = models.CharField(max_length=250, blank=True)
    body = StreamField(
        [
            ("heading", blocks.CharBlock(form_classname="title")),
            ("paragraph", blocks.RichTextBlock()),
            ("image", ImageChooserBlock()),
            ("table", TableBlock()),
        ],
        blank=True,
    )

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("body")]
    search_fields = Page.search_fields + [index.SearchField("intro"), index.SearchField("body")]


class ContactFormField(AbstractFormField):
    page = ParentalKey("ContactPage", on_delete=models.CASCADE, related_name="form_fields")


class ContactPage(AbstractForm):
    intro = RichTextField(blank=True)
    thank_you_text = RichTextField(blank=True)

    content_panels = AbstractForm.content_panels + [
        FormSubmissionsPanel(),
        FieldPanel("intro"),
        InlinePanel("form_fields", label="Form fields"),
        FieldPanel("thank_you_text"),
    ]


class Supplier(index.Indexed, models.Model):
    """A tea garden or merchant we buy from: a snippet with an inspect (detail) view."""

    name = models.CharField(max_length=100)
    country = models.CharField(max_length=60)
    region = models.CharField(max_length=100, blank=True)
    since = models.PositiveIntegerField("Supplier since (year)")
    teas = models.TextField("Teas we buy", blank=True)
    website = models.URLField(blank=True)

    panels = [
        FieldPanel("name"),
        FieldRowPanel([FieldPanel("country"), FieldPanel("region")]),
        FieldPanel("since"),
        FieldPanel("teas"),
        FieldPanel("website"),
    ]
    search_fields = [index.SearchField("name"), index.SearchField("teas"), index.FilterField("country")]

    class Meta:
        ordering = ["name"]

    def __str__(self):
        return self.name
